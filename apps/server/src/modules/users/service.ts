import type { Profile } from '@truss/contracts';
import type { UserRow } from '../../db/schema.ts';
import type { DataAccess } from '../../repositories.ts';
import { UserNotFoundError } from './errors.ts';

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

/** A display name from the profile fields, or null. */
export function displayName(
  user: Pick<UserRow, 'full_name' | 'first_name' | 'last_name' | 'name_format'>,
): string | null {
  if (user.full_name?.trim()) return user.full_name.trim();
  const parts =
    user.name_format === 'eastern'
      ? [user.last_name, user.first_name]
      : [user.first_name, user.last_name];
  const name = parts
    .filter((part): part is string => Boolean(part?.trim()))
    .join(user.name_format === 'eastern' ? '' : ' ');
  return name || null;
}

export class UsersService {
  constructor(private readonly data: DataAccess) {}

  async getProfile(userId: string): Promise<Profile> {
    const user = await this.data.repos.users.findById(userId);
    if (!user) throw new UserNotFoundError();
    return toProfile(user);
  }
}
