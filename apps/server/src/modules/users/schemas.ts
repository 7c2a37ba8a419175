import { profileUpdateBodySchema } from '@truss/contracts';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';

/**
 * The profile form as the server checks it: the contract's rules plus the phone number, which
 * must be valid for its region (libphonenumber's full metadata: calling code and number length
 * and pattern). Phone and region are checked together, so a change to either sends both.
 */
export const profileUpdateServerSchema = profileUpdateBodySchema.superRefine((body, ctx) => {
  const phone = body.phone;
  if (phone === undefined || phone === null) return;
  const region = body.phone_country_code;
  if (!region || !isValidPhoneNumber(phone, region as CountryCode)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phoneInvalid' });
  }
});

export const avatarParamsSchema = z.object({
  userId: z.uuid(),
  file: z.string().regex(/^[a-f0-9]{16}\.webp$/),
});
