/**
 * Texts the server and the web app share: error codes (the spec's error catalogue) and the
 * validation messages carried by the zod schemas. Both locales are typed against the English
 * table, so a missing Chinese text is a compile error.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** Anything other than zh-CN uses the default English texts (spec §1). */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return 'en';
  // Accept-Language may carry a list with weights: "zh-CN,zh;q=0.9,en;q=0.8"
  const first = input.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'zh-cn' || first === 'zh' || first === 'zh-hans' || first.startsWith('zh-hans')
    ? 'zh-CN'
    : 'en';
}

const errorTextsEn = {
  VALIDATION_ERROR: 'Invalid request',
  INVALID_REQUEST_TYPE: 'Invalid request type',
  UNAUTHORIZED: 'Token has expired or is invalid',
  TOKEN_INVALID: 'Token has expired or is invalid',
  REFRESH_TOKEN_INVALID: 'failed to refresh token',
  FORBIDDEN: 'Access Denied',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'Page not found',
  CONFLICT: 'This item already exists',
  SERVICE_UNAVAILABLE: 'Service unavailable, please try again later',
  INVALID_CREDENTIALS: 'Invalid email or password',
  LOGIN_FAILED: 'Login failed',
  EMAIL_NOT_VERIFIED: 'Email not verified, please verify your email first',
  EMAIL_ALREADY_REGISTERED: 'This email has been registered',
  EMAIL_NOT_REGISTERED: 'This email is not registered',
  USER_NOT_FOUND: 'User not found with this email address',
  ACCOUNT_ABNORMAL: 'Account status is abnormal',
  ACCOUNT_NOT_ACTIVATED: 'Account is not activated',
  ACCOUNT_SUSPENDED: 'Account has been suspended',
  ACCOUNT_DELETED: 'Account has been deleted',
  INVALID_VERIFICATION_CODE: 'Invalid verification code',
  VERIFICATION_CODE_EXPIRED: 'The verification code expired, please resend it',
  VERIFICATION_TYPE_INVALID: 'Verification type is missing or invalid',
  SEND_CODE_FAILED: 'Failed to send verification code',
  TOO_MANY_REQUESTS: 'Too many operations, please try again later',
  CONNECTION_TIMEOUT: 'Connection timeout, please try again later',
  PROJECT_NOT_FOUND: 'project not found',
  MODEL_NOT_FOUND: 'Model not found',
  MODEL_LIST_FAILED: 'Failed to Get Model List',
  UNSUPPORTED_FORMAT: 'Unsupported file format',
  TOO_MANY_UPLOADS: 'Maximum 3 Files Allowed',
  UPLOAD_FAILED: 'Upload Failed',
  UPLOAD_NOT_FOUND: 'This upload no longer exists, please upload the file again',
  MERGE_FAILED: 'Failed to merge files',
  STORAGE_LIMIT_EXCEEDED: "Your plan's storage is not enough for this file",
  MODEL_LIMIT_EXCEEDED: 'This project has reached the number of models your plan allows',
  MODEL_NOT_READY: 'The model is still being processed',
  MODEL_NOT_IN_TRASH: 'Move the model to the trash before deleting it permanently',
  EMPTY_FILE: 'The file is empty',
  MALFORMED_FILE: 'The file is damaged or could not be read',
  NO_GEOMETRY: 'The file contains no visible geometry',
  MODEL_TOO_LARGE: 'The model is too large to process',
  CONVERSION_TIMEOUT: 'Processing took too long and was stopped',
  CONVERSION_OUT_OF_MEMORY: 'The model needs more memory than processing allows',
  CONVERSION_FAILED: 'Processing the model failed',
  INVITATION_TOKEN_MISSING: 'Invalid invitation link, missing invitation token',
  INVITATION_INVALID: 'This invitation link has expired or is invalid, please contact the inviter',
  INVITATION_RESPONSE_FAILED: 'Accept or Decline invitation failed',
  INVITATIONS_PARTIALLY_FAILED: 'Some invitations failed',
  NO_VALID_EMAIL: 'No valid email entered',
  INVITE_PERMISSION_DENIED: 'You do not have permission to invite members',
  MEMBER_ALREADY_ADDED: 'This address has already been added to the project',
  INVITATION_ALREADY_PENDING: 'An invitation to this address is already pending',
  CREATOR_CANNOT_LEAVE: 'The creator cannot leave the project',
  DEFAULT_PROJECT_UNDELETABLE: 'The default project cannot be deleted',
  MEMBER_NOT_FOUND: 'Member not found',
  INVITATION_NOT_FOUND: 'Invitation not found',
  EMAIL_INVALID: 'Please enter a valid email address',
  INVITATION_MAIL_FAILED: 'The invitation email could not be sent, please resend it later',
  RESET_LINK_INVALID: 'Invalid reset link',
  RESET_TOKEN_MISSING: 'Missing valid reset password token',
  RESET_LINK_EXPIRED: 'Reset password link is invalid or has expired',
  PASSWORD_TOO_WEAK: 'New password does not meet security requirements',
  SAME_AS_OLD_PASSWORD: 'Same as old password',
  PASSWORD_UPDATE_FAILED: 'Password update failed',
  CURRENT_PASSWORD_INCORRECT: 'The current password is incorrect',
  OAUTH_PROVIDER_DISABLED: 'This sign-in method is not available',
  OAUTH_STATE_INVALID:
    'This sign-in attempt has expired or was started in another browser, please try again',
  OAUTH_CANCELLED: 'Sign-in was cancelled',
  OAUTH_FAILED: 'Signing in with this account failed, please try again later',
  OAUTH_EMAIL_NOT_VERIFIED: 'The email address of this account is not verified by the provider',
  IDENTITY_LINKED_TO_OTHER_ACCOUNT: 'This account is already linked to another user',
  WECHAT_NOT_LINKED:
    'This WeChat account is not linked yet. Sign in with your email, then link WeChat under My Connectors',
  CONNECTOR_NOT_LINKED: 'This account is not linked',
  LAST_SIGN_IN_METHOD:
    'You cannot unlink your only sign-in method. Set a password or link another account first',
  AVATAR_INVALID_IMAGE: 'The avatar must be a PNG, JPEG or WebP image',
  AVATAR_TOO_LARGE: 'The avatar must be at most 5 MB',
  ACCOUNT_DELETE_FAILED: 'The account could not be deleted, please try again later',
  PAYLOAD_TOO_LARGE: 'Request is too large',
  INTERNAL_ERROR: 'Internal server error',
  SHARE_NOT_FOUND: 'Share Does Not Exist or Has Expired',
  SHARE_SIGN_IN_REQUIRED: 'Sign in with a project member account to open this share',
  SHARE_INCORRECT_CODE: 'Incorrect Password',
  SHARE_CODE_LOCKED:
    'This share is locked after too many wrong access codes; ask its owner for a new code',
  SHARE_CODE_REQUIRED: 'Enter the access code to open this share',
  SHARE_LIST_FAILED: 'Failed to Get Share List',
  SHARE_VERIFY_FAILED: 'Verification Failed',
  SHARE_ACCESS_CODE_INVALID: 'Access Code Must Be 4 Digits',
} as const;

export type ErrorCode = keyof typeof errorTextsEn;

const errorTextsZh: Record<ErrorCode, string> = {
  VALIDATION_ERROR: '请求无效',
  INVALID_REQUEST_TYPE: '无效的请求类型',
  UNAUTHORIZED: '令牌已过期或无效',
  TOKEN_INVALID: '令牌已过期或无效',
  REFRESH_TOKEN_INVALID: '刷新令牌失败',
  FORBIDDEN: '拒绝访问',
  NOT_FOUND: '未找到',
  ROUTE_NOT_FOUND: '页面未找到',
  CONFLICT: '该项已存在',
  SERVICE_UNAVAILABLE: '服务暂不可用，请稍后再试',
  INVALID_CREDENTIALS: '邮箱或密码错误',
  LOGIN_FAILED: '登录失败',
  EMAIL_NOT_VERIFIED: '邮箱未验证，请先验证邮箱',
  EMAIL_ALREADY_REGISTERED: '该邮箱已被注册',
  EMAIL_NOT_REGISTERED: '该邮箱尚未注册',
  USER_NOT_FOUND: '未找到使用该邮箱的用户',
  ACCOUNT_ABNORMAL: '账号状态异常',
  ACCOUNT_NOT_ACTIVATED: '账号未激活',
  ACCOUNT_SUSPENDED: '账号已被停用',
  ACCOUNT_DELETED: '账号已被删除',
  INVALID_VERIFICATION_CODE: '验证码无效',
  VERIFICATION_CODE_EXPIRED: '验证码已过期，请重新发送',
  VERIFICATION_TYPE_INVALID: '验证类型缺失或无效',
  SEND_CODE_FAILED: '验证码发送失败',
  TOO_MANY_REQUESTS: '操作过于频繁，请稍后再试',
  CONNECTION_TIMEOUT: '连接超时，请稍后再试',
  PROJECT_NOT_FOUND: '项目不存在',
  MODEL_NOT_FOUND: '模型不存在',
  MODEL_LIST_FAILED: '获取模型列表失败',
  UNSUPPORTED_FORMAT: '不支持的文件格式',
  TOO_MANY_UPLOADS: '最多同时上传 3 个文件',
  UPLOAD_FAILED: '上传失败',
  UPLOAD_NOT_FOUND: '该上传已不存在，请重新上传文件',
  MERGE_FAILED: '文件合并失败',
  STORAGE_LIMIT_EXCEEDED: '套餐存储空间不足，无法上传此文件',
  MODEL_LIMIT_EXCEEDED: '该项目的模型数量已达到套餐上限',
  MODEL_NOT_READY: '模型仍在处理中',
  MODEL_NOT_IN_TRASH: '请先将模型移入回收站，再永久删除',
  EMPTY_FILE: '文件为空',
  MALFORMED_FILE: '文件已损坏或无法读取',
  NO_GEOMETRY: '文件中没有可显示的几何体',
  MODEL_TOO_LARGE: '模型过大，无法处理',
  CONVERSION_TIMEOUT: '处理时间过长，已停止',
  CONVERSION_OUT_OF_MEMORY: '模型所需内存超出处理上限',
  CONVERSION_FAILED: '模型处理失败',
  INVITATION_TOKEN_MISSING: '邀请链接无效，缺少邀请令牌',
  INVITATION_INVALID: '邀请链接已过期或无效，请联系邀请人',
  INVITATION_RESPONSE_FAILED: '接受或拒绝邀请失败',
  INVITATIONS_PARTIALLY_FAILED: '部分邀请发送失败',
  NO_VALID_EMAIL: '未输入有效的邮箱地址',
  INVITE_PERMISSION_DENIED: '您没有邀请成员的权限',
  MEMBER_ALREADY_ADDED: '该邮箱已是项目成员',
  INVITATION_ALREADY_PENDING: '已向该邮箱发送过邀请，正在等待回应',
  CREATOR_CANNOT_LEAVE: '项目创建者不能退出项目',
  DEFAULT_PROJECT_UNDELETABLE: '默认项目不能删除',
  MEMBER_NOT_FOUND: '成员不存在',
  INVITATION_NOT_FOUND: '邀请不存在',
  EMAIL_INVALID: '请输入有效的邮箱地址',
  INVITATION_MAIL_FAILED: '邀请邮件发送失败，请稍后重新发送',
  RESET_LINK_INVALID: '重置链接无效',
  RESET_TOKEN_MISSING: '缺少有效的重置密码令牌',
  RESET_LINK_EXPIRED: '重置密码链接无效或已过期',
  PASSWORD_TOO_WEAK: '新密码不符合安全要求',
  SAME_AS_OLD_PASSWORD: '新密码不能与旧密码相同',
  PASSWORD_UPDATE_FAILED: '密码更新失败',
  CURRENT_PASSWORD_INCORRECT: '当前密码不正确',
  OAUTH_PROVIDER_DISABLED: '该登录方式暂不可用',
  OAUTH_STATE_INVALID: '本次登录已过期或是在其他浏览器中发起的，请重试',
  OAUTH_CANCELLED: '登录已取消',
  OAUTH_FAILED: '使用该账号登录失败，请稍后再试',
  OAUTH_EMAIL_NOT_VERIFIED: '该账号的邮箱地址未经提供方验证',
  IDENTITY_LINKED_TO_OTHER_ACCOUNT: '该账号已关联到其他用户',
  WECHAT_NOT_LINKED: '该微信账号尚未关联。请先使用邮箱登录，然后在“我的连接”中关联微信',
  CONNECTOR_NOT_LINKED: '该账号尚未关联',
  LAST_SIGN_IN_METHOD: '不能解除唯一的登录方式。请先设置密码或关联其他账号',
  AVATAR_INVALID_IMAGE: '头像必须是 PNG、JPEG 或 WebP 图片',
  AVATAR_TOO_LARGE: '头像不能超过 5 MB',
  ACCOUNT_DELETE_FAILED: '账号删除失败，请稍后再试',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  INTERNAL_ERROR: '服务器内部错误',
  SHARE_NOT_FOUND: '分享不存在或已过期',
  SHARE_SIGN_IN_REQUIRED: '请使用项目成员账号登录后打开此分享',
  SHARE_INCORRECT_CODE: '密码错误',
  SHARE_CODE_LOCKED: '访问码错误次数过多，此分享已被锁定，请联系分享者设置新的访问码',
  SHARE_CODE_REQUIRED: '请输入访问码以打开此分享',
  SHARE_LIST_FAILED: '获取分享列表失败',
  SHARE_VERIFY_FAILED: '验证失败',
  SHARE_ACCESS_CODE_INVALID: '访问码必须为 4 位数字',
};

const validationTextsEn = {
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Please enter a valid email address',
  'validation.passwordRequired': 'Password is required',
  'validation.passwordMin': 'Password must be at least 8 characters',
  'validation.passwordMax': 'Password must be at most 128 characters',
  'validation.passwordsMismatch': 'Passwords do not match',
  'validation.agreeTerms': 'You must agree to the terms to continue',
  'validation.codeRequired': 'Verification code is required',
  'validation.codeFormat': 'Enter the 6-digit code',
  'validation.refreshTokenRequired': 'Refresh token is required',
  'validation.projectNameRequired': 'Please enter a project name',
  'validation.projectDescriptionRequired': 'Please enter a project description',
  'validation.projectNameTooLong': 'Project name must be at most 100 characters',
  'validation.projectDescriptionTooLong': 'Project description must be at most 1000 characters',
  'validation.colorInvalid': 'Choose a colour such as #4F46E5',
  'validation.modelNameRequired': 'Please enter a model name',
  'validation.modelNameTooLong': 'Model name must be at most 255 characters',
  'validation.nothingToUpdate': 'Nothing to update',
  'validation.typeDelete': 'Type DELETE to confirm',
  'validation.roleInvalid': 'Choose a role: admin or member',
  'validation.noValidEmail': 'No valid email entered',
  'validation.tooManyEmails': 'Invite at most 50 addresses at once',
  'validation.textTooLong': 'At most 100 characters',
  'validation.bioTooLong': 'Bio must be at most 500 characters',
  'validation.phoneInvalid': 'Phone must be valid',
  'validation.dateOfBirthInvalid': 'Enter a date of birth in the past',
  'validation.websiteInvalid': 'Enter a website address starting with http:// or https://',
  'validation.timezoneInvalid': 'Choose a valid time zone',
  'validation.invalid': 'This value is not valid',
  'validation.shareCodeFormat': 'Access Code Must Be 4 Digits',
} as const;

export type ValidationKey = keyof typeof validationTextsEn;

const validationTextsZh: Record<ValidationKey, string> = {
  'validation.emailRequired': '请输入邮箱',
  'validation.emailInvalid': '请输入有效的邮箱地址',
  'validation.passwordRequired': '请输入密码',
  'validation.passwordMin': '密码至少需要 8 个字符',
  'validation.passwordMax': '密码最多 128 个字符',
  'validation.passwordsMismatch': '两次输入的密码不一致',
  'validation.agreeTerms': '您必须同意条款才能继续',
  'validation.codeRequired': '请输入验证码',
  'validation.codeFormat': '请输入 6 位数字验证码',
  'validation.refreshTokenRequired': '缺少刷新令牌',
  'validation.projectNameRequired': '请输入项目名称',
  'validation.projectDescriptionRequired': '请输入项目描述',
  'validation.projectNameTooLong': '项目名称最多 100 个字符',
  'validation.projectDescriptionTooLong': '项目描述最多 1000 个字符',
  'validation.colorInvalid': '请选择颜色，例如 #4F46E5',
  'validation.modelNameRequired': '请输入模型名称',
  'validation.modelNameTooLong': '模型名称最多 255 个字符',
  'validation.nothingToUpdate': '没有需要更新的内容',
  'validation.typeDelete': '请输入 DELETE 以确认',
  'validation.roleInvalid': '请选择角色：管理员或成员',
  'validation.noValidEmail': '未输入有效的邮箱地址',
  'validation.tooManyEmails': '一次最多邀请 50 个地址',
  'validation.textTooLong': '最多 100 个字符',
  'validation.bioTooLong': '个人简介最多 500 个字符',
  'validation.phoneInvalid': '请输入有效的手机号码',
  'validation.dateOfBirthInvalid': '请输入过去的出生日期',
  'validation.websiteInvalid': '请输入以 http:// 或 https:// 开头的网址',
  'validation.timezoneInvalid': '请选择有效的时区',
  'validation.invalid': '该值无效',
  'validation.shareCodeFormat': '访问码必须为 4 位数字',
};

export const errorTexts: Record<Locale, Record<ErrorCode, string>> = {
  en: errorTextsEn,
  'zh-CN': errorTextsZh,
};

export const validationTexts: Record<Locale, Record<ValidationKey, string>> = {
  en: validationTextsEn,
  'zh-CN': validationTextsZh,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorTextsEn, value);
}

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(validationTextsEn, value);
}

export function errorText(code: ErrorCode, locale: Locale): string {
  return errorTexts[locale][code];
}

export function validationText(key: string, locale: Locale): string {
  return isValidationKey(key) ? validationTexts[locale][key] : key;
}
