import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddEmailResponse,
  AvatarResponse,
  ChangePasswordBody,
  ConnectorsResponse,
  DeleteAccountBody,
  DeletionPreview,
  NotificationSettings,
  NotificationSettingsUpdateBody,
  OAuthProvider,
  Preferences,
  PreferencesUpdateBody,
  Profile,
  ProfileUpdateBody,
} from '@truss/contracts';
import { http } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { setFormatPreferences, toFormatPreferences } from '../../lib/format';
import { setLanguage } from '../../lib/i18n';
import { profileKey } from '../auth';
import { withFirstAnswer } from '../../lib/first-answer';

export const preferencesKey = ['user', 'preferences'] as const;
export const notificationsKey = ['user', 'notifications'] as const;
export const connectorsKey = ['user', 'connectors'] as const;
const deletionPreviewKey = ['user', 'deletion-preview'] as const;

/** Dates and times everywhere follow the loaded preferences (lib/format reads them). */
function applyPreferences(prefs: Preferences): Preferences {
  setFormatPreferences(toFormatPreferences(prefs));
  return prefs;
}

/** `first`: the answer the boot asked for (the route loader's), taken by the first fetch. */
export const preferencesQuery = (first?: Promise<unknown>) => {
  const get = withFirstAnswer(() => http.get<Preferences>('/api/user/preferences'), first);
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: async () => applyPreferences(await get()),
    staleTime: 5 * 60_000,
  });
};

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: () => http.get<NotificationSettings>('/api/user/notifications'),
  });

export const connectorsQuery = () =>
  queryOptions({
    queryKey: connectorsKey,
    queryFn: () => http.get<ConnectorsResponse>('/api/user/connectors'),
  });

export const deletionPreviewQuery = () =>
  queryOptions({
    queryKey: deletionPreviewKey,
    queryFn: () => http.get<DeletionPreview>('/api/user/deletion-preview'),
    staleTime: 0,
  });

export const settingsApi = {
  updateProfile: (body: ProfileUpdateBody) =>
    http.request<Profile>('/api/user/profile', { method: 'PUT', body }),
  uploadAvatar: (image: Blob) =>
    http.request<AvatarResponse>('/api/user/avatar', {
      method: 'POST',
      body: image,
      headers: { 'content-type': image.type || 'image/png' },
    }),
  removeAvatar: () => http.request<AvatarResponse>('/api/user/avatar', { method: 'DELETE' }),
  updatePreferences: (body: PreferencesUpdateBody) =>
    http.request<Preferences>('/api/user/preferences', { method: 'PUT', body }),
  updateNotifications: (body: NotificationSettingsUpdateBody) =>
    http.request<NotificationSettings>('/api/user/notifications', { method: 'PUT', body }),
  changePassword: (body: ChangePasswordBody) => http.post<{ ok: true }>('/api/user/password', body),
  logoutAll: () => http.post<{ ok: true }>('/api/auth/logout-all'),
  deleteAccount: (body: DeleteAccountBody) =>
    http.request<{ ok: true }>('/api/user', { method: 'DELETE', body }),
  unlink: (provider: OAuthProvider) =>
    http.request<ConnectorsResponse>(`/api/user/connectors/${provider}`, { method: 'DELETE' }),
};

/** Keep the cached profile and the auth store's copy in step with a server answer. */
export function useProfileCache() {
  const client = useQueryClient();
  return (patch: Partial<Profile>) => {
    const current = client.getQueryData<Profile>(profileKey);
    if (!current) return;
    const next = { ...current, ...patch };
    client.setQueryData(profileKey, next);
    authStore.setState({ profile: next });
  };
}

export function useUpdateProfile() {
  const setProfile = useProfileCache();
  return useMutation({
    mutationFn: settingsApi.updateProfile,
    onSuccess: (profile) => setProfile(profile),
  });
}

/**
 * Saves one preference at a time. Saves run one after another (one scope), so the answers come
 * back in order and the last one holds every change; the form stays usable meanwhile.
 */
export function useUpdatePreferences() {
  const client = useQueryClient();
  const setProfile = useProfileCache();
  return useMutation({
    scope: { id: 'user-preferences' },
    mutationFn: settingsApi.updatePreferences,
    onSuccess: (prefs) => {
      client.setQueryData(preferencesKey, applyPreferences(prefs));
      setProfile({ language: prefs.language });
      void setLanguage(prefs.language);
    },
  });
}

/** Mails a code to the address to add (an account without an email); `confirm` sets it. */
export const addEmailApi = {
  send: (email: string) => http.post<AddEmailResponse>('/api/user/email', { email }),
  confirm: (code: string) => http.post<Profile>('/api/user/email/verify', { code }),
};
