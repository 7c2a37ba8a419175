import { useState } from 'react';
import clsx from 'clsx';
import type { Profile } from '@truss/contracts';
import { Avatar } from '../../../shared/ui/Avatar';
import { formatPersonName } from '../../../lib/format';

type AvatarSize = 16 | 24 | 32 | 40 | 48;

const px: Record<AvatarSize, string> = {
  16: 'size-4',
  24: 'size-6',
  32: 'size-8',
  40: 'size-10',
  48: 'size-12',
};

/**
 * /settings/components/avatar: the user's picture, or their initials (at most 2 characters)
 * when there is none or it fails to load. Spec §9 sizes: 16 to 48 px.
 */
export function UserAvatar({
  profile,
  size = 32,
  className,
}: {
  profile:
    | Pick<Profile, 'avatar' | 'full_name' | 'first_name' | 'last_name' | 'name_format' | 'email'>
    | null
    | undefined;
  size?: AvatarSize;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const name = formatPersonName(profile);
  const src = profile?.avatar;
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(src)}
        className={clsx('shrink-0 rounded-full bg-gray-100 object-cover', px[size], className)}
      />
    );
  }
  return <Avatar name={name} size={size} {...(className ? { className } : {})} />;
}
