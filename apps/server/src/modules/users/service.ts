import { uncached, type CachedReads } from '../cache/index.ts';
import {
  DEFAULT_PREFERENCES,
  type NotificationSettings,
  type NotificationSettingsUpdateBody,
  type Preferences,
  type Profile,
  type ProfileUpdateBody,
} from '@truss/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserPreferencesRow, UserRow, UserUpdate } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DataAccess } from '../../repositories.ts';
import type { UsersRepositories } from './repositories.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { newAvatarKey, processAvatar } from './avatar.ts';
import { UserNotFoundError } from './errors.ts';
import { toNotificationSettings } from './notification-policy.ts';

/** The spec's Profile entity from a users row. */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.email_verified,
    status: user.status,
    language: user.language,
    avatar: user.avatar,
    full_name: user.full_name,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    phone_country_code: user.phone_country_code,
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    company: user.company,
    job_title: user.job_title,
    department: user.department,
    website: user.website,
    country: user.country,
    location: user.location,
    bio: user.bio,
    name_format: user.name_format,
    created_at: user.created_at.toISOString(),
  };
}

/** Kana, Han and Hangul (as the web app tests it): such names are written without a space. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * A display name from the profile fields, or null: first and last name in the user's order
 * (Eastern: last first; CJK names without a space), else the full name. The web app's
 * formatPersonName composes names the same way.
 */
export function displayName(
  user: Pick<UserRow, 'full_name' | 'first_name' | 'last_name' | 'name_format'>,
): string | null {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (first || last) {
    const parts = (user.name_format === 'eastern' ? [last, first] : [first, last]).filter(Boolean);
    return parts.join(parts.every((part) => CJK.test(part)) ? '' : ' ');
  }
  return user.full_name?.trim() || null;
}

function toPreferences(user: UserRow, row: UserPreferencesRow | undefined): Preferences {
  return {
    language: user.language,
    timezone: row?.timezone ?? DEFAULT_PREFERENCES.timezone,
    date_format: row?.date_format ?? DEFAULT_PREFERENCES.date_format,
    time_format: row?.time_format ?? DEFAULT_PREFERENCES.time_format,
    week_start: row?.week_start ?? DEFAULT_PREFERENCES.week_start,
  };
}

interface UsersServiceDeps {
  data: DataAccess<UsersRepositories>;
  now: Clock;
  log: FastifyBaseLogger;
  /** Where avatars are kept (the models' object storage). */
  storage: ObjectStorage;
  /** Keeps profiles until a change to the account row commits; absent: no cache. */
  cache?: CachedReads;
}

/** Profile, avatar, preferences and notification settings of the signed-in user. */
export class UsersService {
  readonly #d: UsersServiceDeps;

  constructor(deps: UsersServiceDeps) {
    this.#d = deps;
  }

  async getProfile(userId: string): Promise<Profile> {
    return (this.#d.cache ?? uncached).read(`profile:${userId}`, async () => ({
      value: toProfile(await this.#user(userId)),
      tags: [`u:${userId}`],
    }));
  }

  /** Only the fields sent change (the route's schema validated them, phone included). */
  async updateProfile(userId: string, body: ProfileUpdateBody): Promise<Profile> {
    const changes: UserUpdate = { updated_at: this.#d.now() };
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    const updated = await this.#d.data.repos.users.update(userId, changes);
    if (!updated) throw new UserNotFoundError();
    return toProfile(updated);
  }

  async setAvatar(userId: string, bytes: Uint8Array): Promise<{ avatar: string }> {
    const image = await processAvatar(bytes);
    const previous = await this.#user(userId);
    const { key, url } = newAvatarKey(userId);
    await this.#d.storage.put(key, image, { contentType: 'image/webp' });
    await this.#d.data.repos.users.update(userId, {
      avatar: url,
      avatar_key: key,
      updated_at: this.#d.now(),
    });
    await this.#dropObject(previous.avatar_key);
    return { avatar: url };
  }

  async deleteAvatar(userId: string): Promise<{ avatar: null }> {
    const previous = await this.#user(userId);
    await this.#d.data.repos.users.update(userId, {
      avatar: null,
      avatar_key: null,
      updated_at: this.#d.now(),
    });
    await this.#dropObject(previous.avatar_key);
    return { avatar: null };
  }

  /** The stored avatar object (public: avatars show in member lists and shared pages). */
  async readAvatar(userId: string, file: string) {
    const user = await this.#d.data.repos.users.findById(userId);
    const key = `avatars/${userId}/${file}`;
    if (!user || user.avatar_key !== key) throw new UserNotFoundError();
    return this.#d.storage.get(key);
  }

  async getPreferences(userId: string): Promise<Preferences> {
    const user = await this.#user(userId);
    return toPreferences(user, await this.#d.data.repos.users.findPreferences(userId));
  }

  async updatePreferences(userId: string, body: Partial<Preferences>): Promise<Preferences> {
    const now = this.#d.now();
    return this.#d.data.transaction(async (repos) => {
      let user = await repos.users.findByIdForUpdate(userId);
      if (!user) throw new UserNotFoundError();
      const merged = { ...toPreferences(user, await repos.users.findPreferences(userId)), ...body };
      if (body.language && body.language !== user.language) {
        user = (await repos.users.update(userId, { language: body.language, updated_at: now }))!;
      }
      const { language: _language, ...rest } = merged;
      await repos.users.upsertPreferences(userId, rest, now);
      return toPreferences(user, await repos.users.findPreferences(userId));
    });
  }

  async getNotificationSettings(userId: string): Promise<NotificationSettings> {
    await this.#user(userId);
    return toNotificationSettings(await this.#d.data.repos.users.findNotificationSettings(userId));
  }

  async updateNotificationSettings(
    userId: string,
    body: NotificationSettingsUpdateBody,
  ): Promise<NotificationSettings> {
    await this.#user(userId);
    const current = await this.getNotificationSettings(userId);
    const merged = { ...current, ...body };
    await this.#d.data.repos.users.upsertNotificationSettings(userId, merged, this.#d.now());
    return merged;
  }

  async #user(userId: string): Promise<UserRow> {
    const user = await this.#d.data.repos.users.findById(userId);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /** An old avatar left behind only wastes space: a failure is logged, not shown. */
  async #dropObject(key: string | null): Promise<void> {
    if (!key) return;
    try {
      await this.#d.storage.delete(key);
    } catch (error) {
      this.#d.log.warn({ err: error, key }, 'removing the previous avatar failed');
    }
  }
}
