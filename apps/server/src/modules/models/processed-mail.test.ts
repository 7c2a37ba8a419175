import type { DevMail, Model, Project } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from '../../testing/test-server.ts';
import { tusUpload, waitForModel } from '../../testing/uploads.ts';

/** One triangle: the real converter turns it into a ready model in well under a second. */
const OBJ = Buffer.from('o tri\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');

/**
 * The `model_processed` mail, through the real HTTP server, tus upload, job runner and the real
 * converter in its worker thread; mails are read from the dev outbox.
 */
describe(`model processed mails (${testEngine()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      mail: 'outbox',
      models: { role: 'all', workerConcurrency: 1, jobPollIntervalMs: 20 },
    });
  });
  afterAll(() => server?.close());

  async function uploader(language: 'en' | 'zh-CN' = 'en') {
    const user = await server.createUser();
    if (language !== 'en') {
      await server.db
        .updateTable('users')
        .set({ language })
        .where('id', '=', user.user.id)
        .execute();
    }
    const projects = await server.api<Project[]>('GET', '/api/project', { token: user.token });
    await server.api('DELETE', '/api/dev/mail'); // the sign-up code
    return { ...user, project: projects.body[0]! };
  }

  /** Uploads and waits until the job is over: its mail, if any, has been sent by then. */
  async function convert(
    user: Awaited<ReturnType<typeof uploader>>,
    filename: string,
    bytes: Buffer,
  ) {
    const result = await tusUpload(bytes, {
      baseUrl: server.url,
      token: user.token,
      projectId: user.project.id,
      filename,
    });
    expect(result.error).toBeNull();
    const model = await waitForModel(
      async () =>
        (await server.api<Model>('GET', `/api/models/${result.modelId}`, { token: user.token }))
          .body,
    );
    const runner = server.app.models.runner!;
    while (runner.activeCount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    return model;
  }

  const mailsTo = async (email: string) =>
    (await server.api<DevMail[]>('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`)).body;

  it('a ready model: one mail to the uploader, in English, naming model and project, linking the model', async () => {
    const user = await uploader();
    const model = await convert(user, 'Tower frame.obj', OBJ);
    expect(model.status).toBe('ready');

    const mails = await mailsTo(user.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your model is ready to view in Truss');
    expect(mail!.text).toContain(
      `Your model "${model.name}" in the project "${user.project.name}" has been processed`,
    );
    expect(mail!.text).toContain(`http://127.0.0.1/model/${model.id}`);
    expect(mail!.html).toContain(`href="http://127.0.0.1/model/${model.id}"`);
    expect(mail!.text).toContain('http://127.0.0.1/settings/notifications');
  });

  it('a zh-CN uploader is mailed in Chinese', async () => {
    const user = await uploader('zh-CN');
    const model = await convert(user, 'frame.obj', OBJ);
    expect(model.status).toBe('ready');

    const mails = await mailsTo(user.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('您的模型已可在 Truss 中查看');
    expect(mails[0]!.text).toContain(
      `您在项目「${user.project.name}」中上传的模型「${model.name}」`,
    );
    expect(mails[0]!.text).toContain(`http://127.0.0.1/model/${model.id}`);
  });

  it('a failed conversion: one mail with the reason and a link to the project models', async () => {
    const user = await uploader();
    const model = await convert(user, 'empty.obj', Buffer.alloc(0));
    expect(model.status).toBe('failed');
    expect(model.failure?.code).toBe('EMPTY_FILE');

    const mails = await mailsTo(user.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your model could not be processed in Truss');
    expect(mail!.text).toContain(
      `Your model "${model.name}" in the project "${user.project.name}" could not be processed.`,
    );
    // the catalogue text the app shows for the failure code
    expect(mail!.text).toContain('Reason: The file is empty');
    expect(mail!.text).toContain(`http://127.0.0.1/models/${user.project.id}`);
    expect(mail!.text).not.toContain('/model/');
  });

  it('a zh-CN uploader gets the failure reason in Chinese', async () => {
    const user = await uploader('zh-CN');
    const model = await convert(user, 'empty.obj', Buffer.alloc(0));
    const mails = await mailsTo(user.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['您的模型在 Truss 中处理失败']);
    expect(mails[0]!.text).toContain(`「${model.name}」`);
    expect(mails[0]!.text).toContain('原因：文件为空');
  });

  it('an uploader who turned model_processed off gets no mail; the model is still ready', async () => {
    const user = await uploader();
    const off = await server.api('PUT', '/api/user/notifications', {
      token: user.token,
      body: { model_processed: false },
    });
    expect(off.status).toBe(200);
    const model = await convert(user, 'quiet.obj', OBJ);
    expect(model).toMatchObject({ status: 'ready', progress: 100 });
    expect(model.viewable_url).not.toBeNull();
    const failed = await convert(user, 'empty.obj', Buffer.alloc(0));
    expect(failed.status).toBe('failed');
    expect(await mailsTo(user.user.email)).toHaveLength(0);

    // on again: the next conversion is mailed
    await server.api('PUT', '/api/user/notifications', {
      token: user.token,
      body: { model_processed: true },
    });
    await convert(user, 'loud.obj', OBJ);
    expect(await mailsTo(user.user.email)).toHaveLength(1);
  });

  it("mails the uploader, not the project's owner, when a member uploads", async () => {
    const owner = await uploader();
    const member = await uploader();
    await server.db
      .insertInto('project_members')
      .values({
        project_id: owner.project.id,
        user_id: member.user.id,
        role: 'member',
        status: 'accepted',
      })
      .execute();
    const model = await convert({ ...member, project: owner.project }, 'by member.obj', OBJ);
    expect(model.creator?.id).toBe(member.user.id);
    expect(await mailsTo(owner.user.email)).toHaveLength(0);
    const mails = await mailsTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`in the project "${owner.project.name}"`);
  });
});
