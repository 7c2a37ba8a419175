import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { refundOrder } from '../modules/payments/index.ts';
import { createAppDataAccess } from '../app-data.ts';

/**
 * `npm run payments:refund -w @truss/server -- <orderId>`: after refunding an order in the
 * WeChat Pay or Alipay merchant console, record it: the order turns refunded and its plan period
 * ends now. With the embedded database (no DATABASE_URL) stop the server first: PGlite is one
 * process's.
 */
async function main(): Promise<number> {
  const orderId = process.argv[2];
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) {
    process.stderr.write('usage: npm run payments:refund -w @truss/server -- <orderId>\n');
    return 2;
  }
  const config = loadConfig(process.env, []);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await migrateToLatest(database.db);
    const order = await refundOrder(createAppDataAccess(database.db), orderId, new Date());
    process.stdout.write(
      `order ${order.order_no} refunded (${(order.amount_fen / 100).toFixed(2)} CNY); its ${order.plan_id} period ends now\n`,
    );
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const text = error instanceof Error ? error.message : String(error);
    process.stderr.write(`refund failed: ${typeof code === 'string' ? `${code} ` : ''}${text}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
