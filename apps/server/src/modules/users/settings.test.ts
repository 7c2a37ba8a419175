import type {
  AvatarResponse,
  InviteResponse,
  NotificationSettings,
  Preferences,
  Profile,
  ProjectMember,
} from '@truss/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../testing/project-team.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe('profile, avatar, preferences and notification settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const put = <T>(path: string, token: string, body: unknown, lang = 'en') =>
    server.api<T>('PUT', path, { token, body, headers: { 'accept-language': lang } });

  it('saves every Profile field, and null or an empty text clears one', async () => {
    const user = await server.createUser();
    const full = {
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '13800138000',
      phone_country_code: 'CN',
      date_of_birth: '1990-12-10',
      gender: 'female',
      company: 'Analytical Engines',
      job_title: 'Engineer',
      department: 'Research',
      website: 'https://ada.example.com',
      country: 'United Kingdom',
      location: 'London',
      bio: 'Notes on the engine.',
      name_format: 'eastern',
      language: 'zh-CN',
    } as const;
    const res = await put<Profile>('/api/user/profile', user.token, full);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(full);
    const read = await server.api<Profile>('GET', '/api/user/profile', { token: user.token });
    expect(read.body).toMatchObject(full);

    const cleared = await put<Profile>('/api/user/profile', user.token, {
      bio: '',
      website: null,
      phone: null,
      phone_country_code: null,
    });
    expect(cleared.body).toMatchObject({
      bio: null,
      website: null,
      phone: null,
      company: full.company,
    });
  });

  it('validates phone (per region), date of birth, gender, website, bio and unknown fields', async () => {
    const user = await server.createUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '12345', phone_country_code: 'CN' }, 'phone', 'Phone must be valid'],
      [{ phone: '13800138000' }, 'phone', 'Phone must be valid'],
      [{ phone: '13800138000', phone_country_code: 'US' }, 'phone', 'Phone must be valid'],
      [
        { phone: '2015550123', phone_country_code: 'usa' },
        'phone_country_code',
        'Phone must be valid',
      ],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'Enter a date of birth in the past'],
      [{ date_of_birth: '1899-12-31' }, 'date_of_birth', 'Enter a date of birth in the past'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Enter a date of birth in the past'],
      [{ gender: 'robot' }, 'gender', 'This value is not valid'],
      [
        { website: 'javascript:alert(1)' },
        'website',
        'Enter a website address starting with http:// or https://',
      ],
      [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
      [{ company: 'x'.repeat(101) }, 'company', 'At most 100 characters'],
    ];
    for (const [body, field, text] of cases) {
      const res = await put('/api/user/profile', user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: text } });
    }
    expect((await put('/api/user/profile', user.token, { email: 'x@y.z' })).status).toBe(400);
    const zh = await put(
      '/api/user/profile',
      user.token,
      { phone: '1', phone_country_code: 'CN' },
      'zh-CN',
    );
    expect(zh.body).toMatchObject({ fields: { phone: '请输入有效的手机号码' } });
    const us = await put<Profile>('/api/user/profile', user.token, {
      phone: '(201) 555-0123',
      phone_country_code: 'US',
    });
    expect(us.status).toBe(200);
  });

  it('composes names in the chosen order wherever the server shows them', async () => {
    const user = await server.createUser();
    const project = await createProject(server, user.token);
    const ownerName = async () =>
      (
        await server.api<ProjectMember[]>('GET', `/api/project/${project.id}/members`, {
          token: user.token,
        })
      ).body.find((member) => member.user_id === user.user.id)?.name;
    await put('/api/user/profile', user.token, {
      first_name: 'Ming',
      last_name: 'Li',
      full_name: 'Li Ming (full)',
      name_format: 'western',
    });
    expect(await ownerName()).toBe('Ming Li');
    await put('/api/user/profile', user.token, { name_format: 'eastern' });
    expect(await ownerName()).toBe('Li Ming');
    await put('/api/user/profile', user.token, { first_name: '明', last_name: '李' });
    expect(await ownerName()).toBe('李明');
    await put('/api/user/profile', user.token, { first_name: null, last_name: null });
    expect(await ownerName()).toBe('Li Ming (full)');
  });

  const upload = (token: string, body: Uint8Array, type = 'image/png') =>
    fetch(`${server.url}/api/user/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as AvatarResponse & { code?: string },
    }));

  it('stores an uploaded avatar as a 256×256 WebP under a new URL each time', async () => {
    const user = await server.createUser();
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#4f46e5' },
    })
      .png()
      .toBuffer();
    const first = await upload(user.token, png);
    expect(first.status).toBe(200);
    const url = first.body.avatar!;
    expect(url).toMatch(new RegExp(`^/api/avatars/${user.user.id}/[a-f0-9]{16}\\.webp$`));
    const image = await fetch(`${server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const profile = await server.api<Profile>('GET', '/api/user/profile', { token: user.token });
    expect(profile.body.avatar).toBe(url);

    const jpeg = await sharp(png).jpeg().toBuffer();
    const second = await upload(user.token, jpeg, 'image/jpeg');
    expect(second.status).toBe(200);
    expect(second.body.avatar).not.toBe(url);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);

    const removed = await server.api<AvatarResponse>('DELETE', '/api/user/avatar', {
      token: user.token,
    });
    expect(removed.body).toEqual({ avatar: null });
    expect((await fetch(`${server.url}${second.body.avatar}`)).status).toBe(404);
  });

  it('refuses avatars that are not PNG, JPEG or WebP by content, or larger than 5 MB', async () => {
    const user = await server.createUser();
    const text = await upload(user.token, Buffer.from('not really a png'));
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'AVATAR_INVALID_IMAGE' });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(user.token, gif, 'image/png')).body).toMatchObject({
      code: 'AVATAR_INVALID_IMAGE',
    });
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
    const tooLarge = await upload(user.token, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'AVATAR_TOO_LARGE' });
    const wrongType = await upload(user.token, Buffer.from('x'), 'application/octet-stream');
    expect(wrongType.status).toBe(415);
  });

  it('keeps preferences (language in the profile too) and validates the time zone', async () => {
    const user = await server.createUser();
    const defaults = await server.api<Preferences>('GET', '/api/user/preferences', {
      token: user.token,
    });
    expect(defaults.body).toEqual({
      language: 'en',
      timezone: null,
      date_format: 'yyyy-mm-dd',
      time_format: '24h',
      week_start: 'monday',
    });
    const saved = await put<Preferences>('/api/user/preferences', user.token, {
      language: 'zh-CN',
      timezone: 'Asia/Shanghai',
      date_format: 'dd/mm/yyyy',
      time_format: '12h',
      week_start: 'sunday',
    });
    expect(saved.body).toEqual({
      language: 'zh-CN',
      timezone: 'Asia/Shanghai',
      date_format: 'dd/mm/yyyy',
      time_format: '12h',
      week_start: 'sunday',
    });
    const partial = await put<Preferences>('/api/user/preferences', user.token, {
      week_start: 'saturday',
    });
    expect(partial.body).toMatchObject({ timezone: 'Asia/Shanghai', week_start: 'saturday' });
    const profile = await server.api<Profile>('GET', '/api/user/profile', { token: user.token });
    expect(profile.body.language).toBe('zh-CN');
    const bad = await put('/api/user/preferences', user.token, { timezone: 'Mars/Olympus_Mons' });
    expect(bad.body).toMatchObject({ fields: { timezone: 'Choose a valid time zone' } });
    expect(
      (await put('/api/user/preferences', user.token, { date_format: 'dd.mm.yyyy' })).status,
    ).toBe(400);
  });

  it('keeps notification settings, and invitation mails honour them', async () => {
    const owner = await server.createUser();
    const quiet = await server.createUser();
    const loud = await server.createUser();
    const defaults = await server.api<NotificationSettings>('GET', '/api/user/notifications', {
      token: quiet.token,
    });
    expect(defaults.body).toEqual({
      project_invitations: true,
      member_changes: true,
      model_processed: true,
      share_code_locked: true,
      topic_assigned: true,
      topic_mentions: true,
      topic_replies: true,
      topic_status: true,
      product_news: false,
    });
    const saved = await put<NotificationSettings>('/api/user/notifications', quiet.token, {
      project_invitations: false,
    });
    expect(saved.body.project_invitations).toBe(false);
    expect(saved.body.member_changes).toBe(true);

    const project = await createProject(server, owner.token, 'Bridge');
    const res = await server.api<InviteResponse>('POST', `/api/project/${project.id}/invitations`, {
      token: owner.token,
      body: { emails: [quiet.user.email, loud.user.email], role: 'member' },
    });
    expect(res.body.invited).toBe(2);
    await server.mail!.waitFor(loud.user.email, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Only the sign-up mail: the invitation itself waits in the app.
    expect(server.mail!.to(quiet.user.email)).toHaveLength(1);
    const pending = await server.api('GET', '/api/user/invitations', { token: quiet.token });
    expect(pending.status).toBe(200);
    expect(pending.text).toContain('Bridge');
  });
});
