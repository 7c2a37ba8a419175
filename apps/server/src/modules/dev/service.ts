import type { DevMail } from '@truss/contracts';
import type { DataAccess } from '../../repositories.ts';
import type { DevRepositories } from './repositories.ts';

export class DevService {
  constructor(private readonly data: DataAccess<DevRepositories>) {}

  async listMail(to?: string): Promise<DevMail[]> {
    const rows = await this.data.repos.devMail.list(to?.trim() || undefined);
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      created_at: row.created_at.toISOString(),
    }));
  }

  async clearMail(): Promise<void> {
    await this.data.repos.devMail.clear();
  }
}
