/* eslint-disable max-lines -- one job: the package's public names, one a line as Prettier lays
   them out, module by module (named, so what leaves the package is visible). */
export { LOCALES, resolveLocale } from './texts/locale.ts';
export type { Locale } from './texts/locale.ts';
export {
  errorText,
  errorTexts,
  errorTextsEn,
  isErrorCode,
  isValidationKey,
  validationText,
  validationTexts,
  validationTextsEn,
} from './texts/messages.ts';
export type { ErrorCode, ValidationKey } from './texts/messages.ts';
export { errorTextsZh, validationTextsZh } from './texts/messages-zh-CN.ts';
export {
  CURRENCY,
  ORDERS_PATH,
  SALES_CONTACT_PATH,
  SHARE_PUBLIC_PATH,
  SHARES_PATH,
} from './paths.ts';
export { errorBodySchema, healthSchema, okSchema } from './common.ts';
export type { ErrorBody, Health } from './common.ts';
export { genderSchema, profileSchema } from './user.ts';
export type { Profile } from './user.ts';
export {
  ACCESS_TOKEN_TTL_SECONDS,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFRESH_GRACE_SECONDS,
  REFRESH_TOKEN_LIFETIME_DAYS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_PATTERN,
} from './auth/auth-rules.ts';
export {
  authResponseSchema,
  checkEmailBodySchema,
  checkEmailResponseSchema,
  emailSchema,
  loginBodySchema,
  logoutBodySchema,
  passwordSchema,
  refreshBodySchema,
  resendCodeBodySchema,
  resendCodeResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  tokenPairSchema,
  verificationCodeSchema,
  verifyEmailBodySchema,
} from './auth.ts';
export type { AuthResponse, TokenPair } from './auth.ts';
export {
  DEFAULT_PROJECT_NAME,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
} from './project-rules.ts';
export {
  createProjectBodySchema,
  deleteProjectBodySchema,
  projectIdParamsSchema,
  projectListSchema,
  projectPreferencesBodySchema,
  projectSchema,
  updateProjectBodySchema,
} from './project.ts';
export type { CreateProjectBody, Project, UpdateProjectBody } from './project.ts';
export { ATTACHMENT_MAX_BYTES, FREE_PLAN_ID, isUnlimited } from './plan-rules.ts';
export {
  offeredFeatureKeys,
  planIdSchema,
  planListSchema,
  userSubscriptionSchema,
} from './subscription.ts';
export type { Plan, PlanId, PlanLimits, PlanPeriod, UserSubscription } from './subscription.ts';
export {
  confirmSubscriptionBodySchema,
  createOrderBodySchema,
  devPayOrderBodySchema,
  devPayOrderParamsSchema,
  devReconcileResultSchema,
  MAX_OPEN_ORDERS,
  ORDER_TTL_SECONDS,
  orderIdParamsSchema,
  orderListSchema,
  orderSchema,
} from './orders.ts';
export type {
  ConfirmSubscriptionBody,
  CreateOrderBody,
  Order,
  OrderStatus,
  PayCodes,
  PaymentProvider,
} from './orders.ts';
export { devMailListSchema, devMailQuerySchema } from './dev.ts';
export type { DevMail } from './dev.ts';
export { can, canShareVisitor, seesMemberDetails, SHARE_VISITOR_ACTIONS } from './permissions.ts';
export type {
  Actor,
  PermissionResource,
  ProjectAction,
  ShareVisitorAction,
} from './permissions.ts';
export {
  acceptInvitationResponseSchema,
  changeRoleBodySchema,
  INVITATION_RESEND_SECONDS,
  INVITATION_TTL_DAYS,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  inviteResponseSchema,
  MAX_INVITES_PER_REQUEST,
  memberParamsSchema,
  myInvitationListSchema,
  myInvitationParamsSchema,
  projectMemberListSchema,
  projectMemberSchema,
} from './members.ts';
export type {
  GrantableRole,
  InvitationPreview,
  InviteBody,
  InviteResponse,
  MemberStatus,
  ProjectMember,
} from './members.ts';
export {
  EVENT_HEARTBEAT_INTERVAL_MS,
  EVENT_HEARTBEAT_TIMEOUT_MS,
  EVENT_RECONNECT_MAX_MS,
  EVENT_RECONNECT_MIN_MS,
  serverEventSchema,
} from './live/events.ts';
export type { EventType, ServerEvent } from './live/events.ts';
export {
  MAX_CONCURRENT_UPLOADS,
  MODEL_NAME_MAX_LENGTH,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_METADATA_KEYS,
  UPLOADS_PATH,
} from './upload-rules.ts';
export {
  modelFailureCodeSchema,
  modelProgressEventSchema,
  modelStageSchema,
  modelStatusEventSchema,
} from './live/model-events.ts';
export type {
  ModelFailureCode,
  ModelProgressEvent,
  ModelStage,
  ModelStatus,
  ModelStatusEvent,
} from './live/model-events.ts';
export {
  modelFileQuerySchema,
  modelIdParamsSchema,
  modelListQuerySchema,
  modelListSchema,
  modelSchema,
  modelUrn,
  moveModelBodySchema,
  projectStorageSchema,
  renameModelBodySchema,
} from './models.ts';
export type { Model, ModelListParams, ProjectStorage, RenameModelBody } from './models.ts';
export {
  modelVersionListSchema,
  modelVersionParamsSchema,
  modelVersionSchema,
  updateModelVersionBodySchema,
  versionMessageSchema,
} from './model-versions.ts';
export type { ModelVersion, UpdateModelVersionBody } from './model-versions.ts';
export {
  convertJobVersionId,
  convertModelJobPayload,
  JOB_TYPES,
  jobPayloadSchemas,
} from './jobs.ts';
export type { ConvertModelJobPayload, JobType } from './jobs.ts';
export {
  createShareBodySchema,
  publicShareSchema,
  SHARE_ACCESS_CODE_LENGTH,
  SHARE_CODE_ATTEMPT_WINDOW_MINUTES,
  SHARE_CODE_FAILURE_WINDOW_HOURS,
  SHARE_CODE_MAX_ATTEMPTS_PER_IP,
  SHARE_CODE_MAX_DELAY_SECONDS,
  SHARE_CODE_MAX_FAILURES,
  SHARE_EXPIRATION_DAYS,
  shareAccessCodeSchema,
  shareIdParamsSchema,
  shareListQuerySchema,
  shareListSchema,
  sharePagePath,
  shareSchema,
  shareTokenParamsSchema,
  updateShareBodySchema,
  verifyShareBodySchema,
  verifyShareResponseSchema,
} from './shares.ts';
export type {
  CreateShareBody,
  PublicShare,
  Share,
  SharedModel,
  SharedModelStatus,
  ShareExpiration,
  ShareIssuePermission,
  ShareListQuery,
  SharePermissions,
  ShareStatus,
  ShareType,
  UpdateShareBody,
} from './shares.ts';
export {
  addEmailBodySchema,
  addEmailResponseSchema,
  authProvidersResponseSchema,
  changePasswordBodySchema,
  codeSendBodySchema,
  codeSendResponseSchema,
  codeVerifyBodySchema,
  confirmEmailBodySchema,
  connectorParamsSchema,
  connectorsResponseSchema,
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  deletionPreviewResponseSchema,
  EMAIL_CODE_HOURLY_LIMIT,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_SECONDS,
  oauthCallbackBodySchema,
  oauthCallbackResponseSchema,
  oauthProviderSchema,
  oauthStartBodySchema,
  oauthStartResponseSchema,
  RESET_TOKEN_TTL_SECONDS,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
} from './account.ts';
export type {
  AddEmailResponse,
  AuthProviders,
  ChangePasswordBody,
  CodeSendResponse,
  CodeVerifyBody,
  Connector,
  ConnectorsResponse,
  DeleteAccountBody,
  DeletionPreview,
  DeletionProject,
  OAuthCallbackBody,
  OAuthCallbackResponse,
  OAuthProvider,
  OAuthStartBody,
  ResetPasswordBody,
} from './account.ts';
export {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  AVATAR_TYPES,
  avatarResponseSchema,
  BIO_MAX_LENGTH,
  DATE_FORMATS,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  notificationSettingsSchema,
  notificationSettingsUpdateBodySchema,
  preferencesSchema,
  preferencesUpdateBodySchema,
  profileUpdateBodySchema,
  TIME_FORMATS,
  WEEK_STARTS,
} from './profile.ts';
export type {
  AvatarResponse,
  NotificationKind,
  NotificationSettings,
  NotificationSettingsUpdateBody,
  Preferences,
  PreferencesUpdateBody,
  ProfileUpdateBody,
} from './profile.ts';
export {
  MARKUP_POINTS_MAX,
  MARKUP_SHAPE_TYPES,
  MARKUP_SHAPES_MAX,
  MARKUP_STROKE_POINTS_MAX,
  MARKUP_TEXT_MAX,
  markupSchema,
  markupShapeSchema,
  sheetIdSchema,
  sheetPinSchema,
  topicMarkupSchema,
} from './markup.ts';
export type {
  MarkupInput,
  MarkupPoint,
  MarkupShape,
  MarkupShapeType,
  SheetPin,
  TopicMarkup,
} from './markup.ts';
export { SNAPSHOT_MAX_BYTES, viewpointSchema } from './viewpoints.ts';
export type {
  Camera,
  ClippingPlane,
  Component,
  Vector3,
  Viewpoint,
  ViewpointInput,
  ViewpointSummary,
  ViewState,
  Visibility,
} from './viewpoints.ts';
export {
  COMMENT_TEXT_MAX,
  DEFAULT_TOPIC_TYPES,
  isSheetPin,
  TOPIC_DESCRIPTION_MAX,
  TOPIC_PRIORITIES,
  TOPIC_STATUSES,
  TOPIC_TITLE_MAX,
} from './topic-rules.ts';
export {
  addTopicTypeBodySchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentSchema,
  createCommentBodySchema,
  createTopicBodySchema,
  SHARE_VISITOR_POSTS_PER_MINUTE,
  shareCreateCommentBodySchema,
  shareCreateTopicBodySchema,
  shareUpdateTopicBodySchema,
  TOPIC_DETAIL_COMMENTS,
  TOPIC_FOCUS_MAX,
  topicCountsSchema,
  topicListQuerySchema,
  TOPIC_REPORT_MAX,
  topicReportQuerySchema,
  topicListSchema,
  topicPinSchema,
  topicSchema,
  topicTypesSchema,
  topicWithCommentsSchema,
  updateCommentBodySchema,
  updateTopicBodySchema,
} from './topics.ts';
export type {
  CommentPage,
  CommentPageQuery,
  CreateCommentBody,
  CreateTopicBody,
  Pin,
  Topic,
  TopicComment,
  TopicCounts,
  TopicKind,
  TopicList,
  TopicListQuery,
  TopicPin,
  TopicReportQuery,
  TopicWithComments,
  UpdateTopicBody,
} from './topics.ts';
export {
  BCF_MAX_COMMENTS,
  BCF_MAX_SNAPSHOT_BYTES,
  BCF_MAX_TOPICS,
  BCF_MAX_UNCOMPRESSED_BYTES,
  BCF_MAX_UPLOAD_BYTES,
  BCF_MAX_VIEWPOINTS,
  BCF_MAX_XML_BYTES,
  BCF_TOPIC_MAX_COMMENTS,
  BCF_TOPIC_MAX_SNAPSHOT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINT_BYTES,
  BCF_TOPIC_MAX_VIEWPOINTS,
  bcfExportQuerySchema,
  bcfImportReportSchema,
} from './topics-bcf.ts';
export type { BcfImportReport } from './topics-bcf.ts';
export {
  ATTACHMENT_FILENAME_MAX,
  ATTACHMENT_THUMBNAIL_SIZE,
  attachmentFileQuerySchema,
  attachmentListSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  shareAttachmentUploadQuerySchema,
} from './topic-attachments.ts';
export type {
  AttachmentUploadQuery,
  ShareAttachmentUploadQuery,
  TopicAttachment,
  TopicAttachmentList,
} from './topic-attachments.ts';
export { MENTION_PATTERN, mentionIds } from './mentions.ts';
export { salesContactBodySchema, salesContactResultSchema } from './sales.ts';
export type { SalesContactBody, SalesContactResult } from './sales.ts';
export { SAVED_VIEW_STATE_MAX } from './saved-view-rules.ts';
export {
  createSavedViewBodySchema,
  renameSavedViewBodySchema,
  SAVED_VIEW_THUMBNAIL_MAX,
  SAVED_VIEWS_PER_MODEL,
  savedViewListSchema,
  savedViewParamsSchema,
  savedViewSchema,
} from './saved-views.ts';
export type { CreateSavedViewBody, SavedView } from './saved-views.ts';
export { ELEMENT_FIELDS, ELEMENT_QUERY_MAX_DEPTH, ELEMENT_QUERY_OPS } from './element-rules.ts';
export type { ElementQueryOp } from './element-rules.ts';
export {
  createSavedQueryBodySchema,
  ELEMENT_EXPORT_MAX_ROWS,
  ELEMENT_QUERY_LIMIT_DEFAULT,
  ELEMENT_QUERY_MAX_CONDITIONS,
  elementExportBodySchema,
  elementQueryBodySchema,
  elementQueryResultSchema,
  SAVED_QUERIES_PER_PROJECT,
  savedQueryListSchema,
  savedQueryParamsSchema,
  savedQuerySchema,
  updateSavedQueryBodySchema,
} from './elements.ts';
export type {
  CreateSavedQueryBody,
  ElementCondition,
  ElementExportBody,
  ElementExportFormat,
  ElementQueryResult,
  ElementWhere,
  SavedQuery,
  UpdateSavedQueryBody,
} from './elements.ts';
export { DIFF_ATTRIBUTES_SET, modelDiffQuerySchema, modelDiffSchema } from './diff.ts';
export type { ChangedElement, ModelDiff, PropertyChange } from './diff.ts';
export {
  DRAWING_FORMATS,
  SHEET_PREVIEW_DEFAULT_WIDTH,
  SHEET_PREVIEW_MAX_WIDTH,
} from './sheet-rules.ts';
export type { DrawingFormat } from './sheet-rules.ts';
export {
  sheetLayerSchema,
  sheetListSchema,
  sheetParamsSchema,
  sheetPreviewQuerySchema,
  sheetSchema,
  storeyPlanListSchema,
  storeyPlanSchema,
} from './sheets.ts';
export type { Sheet, StoreyPlan } from './sheets.ts';
