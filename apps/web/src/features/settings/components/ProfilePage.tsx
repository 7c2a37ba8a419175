import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import {
  BIO_MAX_LENGTH,
  genderSchema,
  profileUpdateBodySchema,
  type Profile,
  type ProfileUpdateBody,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextAreaField, TextField, inputClass } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { formatPersonName } from '../../../lib/format';
import { useFormValues, useSchemaValidation } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { profileQuery } from '../../auth';
import { useUpdateProfile } from '../api';
import { countryOptions, isValidPhone } from '../phone';
import { AddEmailCard } from './AddEmailCard';
import { AvatarEditor } from './AvatarEditor';
import { DateField } from './DateField';
import { PhoneField } from './PhoneField';
import { SearchSelect } from './SearchSelect';

/** The contract's body plus the phone check the server also makes ("Phone must be valid"). */
const formSchema = profileUpdateBodySchema.superRefine((body, ctx) => {
  if (body.phone && !isValidPhone(body.phone, body.phone_country_code)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phoneInvalid' });
  }
});

type Values = {
  [
    K in
      | 'full_name'
      | 'first_name'
      | 'last_name'
      | 'phone'
      | 'company'
      | 'job_title'
      | 'department'
      | 'website'
      | 'location'
      | 'bio'
  ]: string;
} & {
  phone_country_code: string | null;
  country: string | null;
  date_of_birth: string | null;
  gender: Profile['gender'];
  name_format: Profile['name_format'];
};
type Field = keyof Values;

function initialValues(profile: Profile, language: string): Values {
  return {
    full_name: profile.full_name ?? '',
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone: profile.phone ?? '',
    // A sensible first choice for the code; the user can search any other.
    phone_country_code: profile.phone_country_code ?? (language === 'zh-CN' ? 'CN' : null),
    date_of_birth: profile.date_of_birth,
    gender: profile.gender,
    company: profile.company ?? '',
    job_title: profile.job_title ?? '',
    department: profile.department ?? '',
    website: profile.website ?? '',
    country: profile.country,
    location: profile.location ?? '',
    bio: profile.bio ?? '',
    name_format: profile.name_format,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h3 className="mb-4 text-sm font-semibold text-gray-900">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const { errors, submit, revalidate, applyServerErrors } = useSchemaValidation<
    typeof formSchema,
    Field
  >(formSchema, t);
  const { values, setValues, set } = useFormValues<Values>(
    () => initialValues(profile, i18n.language),
    revalidate,
  );
  const [saved, setSaved] = useState(values);
  const countries = useMemo(
    () => countryOptions(i18n.language).map((c) => ({ value: c.code, label: c.name })),
    [i18n.language],
  );
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  const text = (
    key: Exclude<
      Field,
      'phone_country_code' | 'country' | 'date_of_birth' | 'gender' | 'name_format'
    >,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
      {...extra}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = submit(values);
    if (!body) return;
    update.mutate(body as ProfileUpdateBody, {
      onSuccess: (next) => {
        const fresh = initialValues(next, i18n.language);
        setValues(fresh);
        setSaved(fresh);
        toast.success(t('settings.profile.saved'));
      },
      onError: (error) => {
        applyServerErrors(error);
        toast.error(t('settings.profile.saveFailed'), errorMessage(error, t));
      },
    });
  };

  const preview = formatPersonName({ ...values, email: profile.email });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <Card className="p-5">
        <h3 className="mb-4 text-sm font-semibold text-gray-900">{t('settings.profile.photo')}</h3>
        <AvatarEditor profile={profile} />
      </Card>

      <Section title={t('settings.profile.personal')}>
        {text('first_name', t('settings.profile.firstName'), { autoComplete: 'given-name' })}
        {text('last_name', t('settings.profile.lastName'), { autoComplete: 'family-name' })}
        {text('full_name', t('settings.profile.fullName'), {
          autoComplete: 'name',
          hint: t('settings.profile.fullNameHint'),
        })}
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-800">
            {t('settings.profile.nameFormat')}
          </legend>
          <div className="flex flex-wrap gap-2 pt-1.5">
            {(['eastern', 'western'] as const).map((format) => (
              <label
                key={format}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="name_format"
                  value={format}
                  checked={values.name_format === format}
                  onChange={() => set('name_format', format)}
                  className="accent-brand-600"
                />
                {t(`settings.profile.nameFormats.${format}`)}
              </label>
            ))}
          </div>
          <p className="text-xs text-gray-500">
            {t('settings.profile.shownAs')}{' '}
            <span className="font-medium wrap-anywhere text-gray-800">{preview}</span>
          </p>
        </fieldset>
        <DateField
          label={t('settings.profile.dateOfBirth')}
          value={values.date_of_birth}
          onChange={(v) => set('date_of_birth', v)}
          error={errors.date_of_birth}
        />
        <div className="space-y-1.5">
          <label htmlFor="profile-gender" className="block text-sm font-medium text-gray-800">
            {t('settings.profile.gender')}
          </label>
          <select
            id="profile-gender"
            value={values.gender ?? ''}
            onChange={(e) =>
              set('gender', e.target.value ? genderSchema.parse(e.target.value) : null)
            }
            className={inputClass(false)}
          >
            <option value="">{t('settings.notSet')}</option>
            {genderSchema.options.map((g) => (
              <option key={g} value={g}>
                {t(`settings.profile.genders.${g}`)}
              </option>
            ))}
          </select>
        </div>
      </Section>

      <Section title={t('settings.profile.contact')}>
        <div className="space-y-1.5 sm:col-span-2">
          <p className="text-sm font-medium text-gray-800">{t('form.email')}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm wrap-anywhere text-gray-900">
            {profile.email ?? <span className="text-gray-500">{t('settings.addEmail.none')}</span>}
            {profile.email === null ? null : profile.email_verified ? (
              <Badge tone="green">
                <BadgeCheck className="size-3" aria-hidden />
                {t('settings.verified')}
              </Badge>
            ) : (
              <Badge tone="amber">
                <CircleAlert className="size-3" aria-hidden />
                {t('settings.profile.notVerified')}
              </Badge>
            )}
          </p>
          {profile.email !== null && (
            <p className="text-xs text-gray-500">{t('settings.profile.emailReadOnly')}</p>
          )}
        </div>
        <PhoneField
          country={values.phone_country_code}
          phone={values.phone}
          onCountry={(code) => set('phone_country_code', code)}
          onPhone={(phone) => set('phone', phone)}
          error={errors.phone ?? errors.phone_country_code}
        />
        {text('website', t('settings.profile.website'), {
          type: 'url',
          inputMode: 'url',
          placeholder: 'https://',
          className: 'sm:col-span-2',
        })}
      </Section>

      <Section title={t('settings.profile.work')}>
        {text('company', t('settings.profile.company'), { autoComplete: 'organization' })}
        {text('job_title', t('settings.profile.jobTitle'), { autoComplete: 'organization-title' })}
        {text('department', t('settings.profile.department'))}
      </Section>

      <Section title={t('settings.profile.about')}>
        <SearchSelect
          label={t('settings.profile.country')}
          value={values.country}
          options={countries}
          onChange={(code) => set('country', code)}
          placeholder={t('settings.notSet')}
          searchPlaceholder={t('settings.profile.searchCountry')}
          emptyText={t('settings.search.none')}
        />
        {text('location', t('settings.profile.location'), { autoComplete: 'address-level2' })}
        <TextAreaField
          label={t('settings.profile.bio')}
          className="sm:col-span-2"
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          value={values.bio}
          error={errors.bio}
          hint={t('settings.profile.bioHint', { count: BIO_MAX_LENGTH - values.bio.length })}
          onChange={(e) => set('bio', e.target.value)}
        />
      </Section>

      {update.error && !errors.phone && <FormAlert>{errorMessage(update.error, t)}</FormAlert>}
      {/* With unsaved changes the buttons stay in view at the bottom of the screen. */}
      <div
        className={clsx(
          'flex justify-end gap-2 py-3',
          dirty && 'sticky bottom-0 -mx-1 bg-gray-50/90 px-1 backdrop-blur',
        )}
      >
        <Button
          type="button"
          variant="secondary"
          disabled={!dirty || update.isPending}
          onClick={() => setValues(saved)}
        >
          {t('settings.discard')}
        </Button>
        <Button type="submit" loading={update.isPending} disabled={!dirty}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** /settings/profile: every field of the spec's Profile entity. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data: profile, error } = useQuery(profileQuery());
  if (error) return <FormAlert>{errorMessage(error, t)}</FormAlert>;
  if (!profile) return <LoadingBlock label={t('common.loading')} />;
  if (profile.email !== null) return <ProfileForm profile={profile} />;
  // A WeChat sign-up: the address is asked for first (it has a form of its own).
  return (
    <div className="space-y-6">
      <AddEmailCard />
      <ProfileForm profile={profile} />
    </div>
  );
}
