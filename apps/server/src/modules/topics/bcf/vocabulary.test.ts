import { describe, expect, it } from 'vitest';
import { ProjectTypes, projectStatus } from './vocabulary.ts';

describe("a BCF file's statuses and types in the project's words", () => {
  it("matches statuses in any case and spacing, takes other tools' words, else Open", () => {
    expect(['OPEN', 'open', ' Open ', 'Active', 'NEW', 'Reopened'].map(projectStatus)).toEqual(
      Array(6).fill('Open'),
    );
    expect(
      ['In Progress', 'IN_PROGRESS', 'in-progress', 'InProgress', 'Started'].map(projectStatus),
    ).toEqual(Array(5).fill('In Progress'));
    expect(['RESOLVED', 'Fixed'].map(projectStatus)).toEqual(['Resolved', 'Resolved']);
    expect(['CLOSED', 'Done', 'completed', 'Inactive'].map(projectStatus)).toEqual(
      Array(4).fill('Closed'),
    );
    expect(['', 'Waiting', '???'].map(projectStatus)).toEqual(['Open', 'Open', 'Open']);
  });

  it("takes the project's spelling of a type, keeps a new one once, and blank as Issue", () => {
    const types = new ProjectTypes(['Issue', 'Request', 'Clash', 'Remark', 'Fire Safety']);
    expect(['ISSUE', 'clash', 'fire-safety', 'FIRE SAFETY'].map((t) => types.take(t))).toEqual([
      'Issue',
      'Clash',
      'Fire Safety',
      'Fire Safety',
    ]);
    expect(['ERROR', 'Error', 'error ', 'Info'].map((t) => types.take(t))).toEqual([
      'ERROR',
      'ERROR',
      'ERROR',
      'Info',
    ]);
    expect(['', '  '].map((t) => types.take(t))).toEqual(['Issue', 'Issue']);
    expect(types.added).toEqual(['ERROR', 'Info']);
  });
});
