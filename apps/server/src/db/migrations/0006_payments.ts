import { sql, type Kysely } from 'kysely';

/**
 * Payments (issue 15): orders in integer fen (CNY only), every provider callback as received,
 * and the subscription periods that paid orders buy. Plain SQL for PostgreSQL and PGlite.
 */
const upStatements = [
  `CREATE TABLE orders (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_no text NOT NULL UNIQUE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id text NOT NULL CHECK (plan_id IN ('pro', 'enterprise')),
    plan_period text NOT NULL CHECK (plan_period IN ('monthly', 'yearly')),
    amount_fen integer NOT NULL CHECK (amount_fen > 0),
    currency text NOT NULL CHECK (currency = 'CNY'),
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'paid', 'expired', 'cancelled', 'refunded')),
    wechat_code_url text,
    alipay_qr_code text,
    provider text CHECK (provider IN ('wechat', 'alipay')),
    provider_trade_no text,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    paid_at timestamptz,
    closed_at timestamptz,
    refunded_at timestamptz
  )`,
  `CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC)`,
  `CREATE INDEX orders_pending_idx ON orders (expires_at) WHERE status = 'pending'`,

  `CREATE TABLE payment_callbacks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider text NOT NULL CHECK (provider IN ('wechat', 'alipay')),
    notification_id text,
    order_no text,
    headers jsonb NOT NULL,
    body text NOT NULL,
    outcome text NOT NULL,
    reason text,
    received_at timestamptz NOT NULL
  )`,
  `CREATE INDEX payment_callbacks_order_idx ON payment_callbacks (order_no, received_at)`,

  `CREATE TABLE subscription_periods (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id uuid NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    plan_id text NOT NULL CHECK (plan_id IN ('pro', 'enterprise')),
    plan_period text NOT NULL CHECK (plan_period IN ('monthly', 'yearly')),
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
    created_at timestamptz NOT NULL
  )`,
  `CREATE INDEX subscription_periods_user_idx ON subscription_periods (user_id, ends_at)`,
];

const downStatements = [
  'DROP TABLE subscription_periods',
  'DROP TABLE payment_callbacks',
  'DROP TABLE orders',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of downStatements) await sql.raw(statement).execute(db);
}
