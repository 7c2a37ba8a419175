import { sql, type Kysely } from 'kysely';

/**
 * The payment sandbox's trades (its stand-ins of WeChat Pay and Alipay, development only), in
 * the database instead of one process's memory: with several API instances an order created
 * through one is paid, queried and closed through any other.
 */
const upStatements = [
  `CREATE TABLE payment_sandbox_trades (
    provider text NOT NULL CHECK (provider IN ('wechat', 'alipay')),
    order_no text NOT NULL,
    amount_fen integer NOT NULL,
    description text NOT NULL,
    notify_url text NOT NULL,
    expires_at timestamptz,
    status text NOT NULL CHECK (status IN ('unpaid', 'paid', 'closed')),
    pay_code text NOT NULL,
    trade_no text,
    paid_at timestamptz,
    PRIMARY KEY (provider, order_no)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE payment_sandbox_trades').execute(db);
}
