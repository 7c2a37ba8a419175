import { describe, expect, it } from 'vitest';
import { convertModelJobPayload, jobPayloadSchemas, JOB_TYPES } from './jobs.ts';
import { errorText, isErrorCode } from './texts/messages.ts';
import { modelFailureCodeSchema } from './live/model-events.ts';
import { modelListQuerySchema, modelUrn } from './models.ts';

describe('models contracts', () => {
  it('every failure code and upload code has a text in en and zh-CN', () => {
    const codes = [
      ...modelFailureCodeSchema.options,
      'UNSUPPORTED_FORMAT',
      'TOO_MANY_UPLOADS',
      'UPLOAD_FAILED',
      'MERGE_FAILED',
      'MODEL_LIST_FAILED',
    ];
    for (const code of codes) {
      expect(isErrorCode(code), code).toBe(true);
      if (!isErrorCode(code)) continue;
      expect(errorText(code, 'en')).not.toBe(errorText(code, 'zh-CN'));
    }
    expect(errorText('TOO_MANY_UPLOADS', 'en')).toBe('Maximum 3 Files Allowed');
    expect(errorText('UNSUPPORTED_FORMAT', 'en')).toBe('Unsupported file format');
  });

  it('job payloads are versioned: V1 validates, unknown versions and bad fields do not', () => {
    const v1 = {
      version: 1,
      modelId: '7d6c1b2e-1f5c-4f7a-9a55-0c4b0f2f9a11',
      projectId: '7d6c1b2e-1f5c-4f7a-9a55-0c4b0f2f9a12',
      storageKey: 'models/7d6c1b2e-1f5c-4f7a-9a55-0c4b0f2f9a11/original',
      filename: 'house.ifc',
    };
    expect(convertModelJobPayload.parse(v1)).toEqual(v1);
    expect(jobPayloadSchemas[JOB_TYPES.convertModel].safeParse({ ...v1, version: 2 }).success).toBe(
      false,
    );
    expect(convertModelJobPayload.safeParse({ ...v1, filename: '' }).success).toBe(false);
    expect(convertModelJobPayload.safeParse({ ...v1, modelId: 'x' }).success).toBe(false);
  });

  it('list query defaults and the URN', () => {
    expect(modelListQuerySchema.parse({})).toEqual({
      trashed: false,
      sort: 'updated_at',
      order: 'desc',
    });
    expect(
      modelListQuerySchema.parse({ trashed: 'true', sort: 'name', order: 'asc' }),
    ).toMatchObject({ trashed: true, sort: 'name', order: 'asc' });
    expect(modelUrn('abc')).toBe('urn:truss:model:abc');
  });
});
