import type { AdminBillingTotals, AdminTenantBillingRow } from '@shared/api/admin-billing.types';
import type { AdminTenantSortField, AdminTenantsQuery } from '@shared/schemas/billing.schema';
import { isBillingStatus } from '@shared/schemas/billing.schema';
import { toBool, type Db } from '../../db/database';

/**
 * The admin billing table in one read: tenants (with their plan), each tenant's owner and this month's usage.
 * It joins the tenants, users and usage modules' tables to read a view; it never writes them.
 */

const SORT_COLUMNS: Record<AdminTenantSortField, string> = {
  name: 't.name',
  ownerEmail: 'owner_email',
  planName: 'p.name',
  billingStatus: 't.billing_status',
  minutesUsed: 'minutes_used',
  billingCost: 'billing_cost',
  createdAt: 't.created_at',
};

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tenant's owner, else its first member: the person the superadmin would contact. */
const OWNER_EMAIL =
  '(select u.email from users u where u.tenant_id = t.id order by u.is_tenant_owner desc, u.created_at, u.id limit 1)';

function matching(db: Db, search: string) {
  const query = db('tenants as t');
  if (search) {
    const pattern = likePattern(search);
    query.where((where) =>
      where
        .whereRaw(`lower(t.name) like ? escape '\\'`, [pattern])
        .orWhereRaw(`lower(t.id) like ? escape '\\'`, [pattern])
        .orWhereExists(
          db('users as s').whereRaw('s.tenant_id = t.id').whereRaw(`lower(s.email) like ? escape '\\'`, [pattern]),
        ),
    );
  }
  return query;
}

interface Row {
  id: string;
  name: string;
  plan_id: string;
  plan_name: string;
  currency: string;
  billing_status: string;
  has_payment_method: boolean | number;
  stripe_subscription_id: string | null;
  owner_email: string | null;
  minutes_used: number | string;
  minutes_included: number | string;
  minutes_billable: number | string;
  billing_cost: number | string;
}

/** The rows' columns over `tenants as t` (already filtered). */
function withBillingColumns(db: Db, query: ReturnType<typeof matching>, month: string) {
  return query
    .join('plans as p', 'p.id', 't.plan')
    .leftJoin('usage as us', (join) => join.on('us.tenant_id', 't.id').andOnVal('us.month_yyyy_mm', month))
    .select(
      't.id',
      't.name',
      't.plan as plan_id',
      'p.name as plan_name',
      'p.currency',
      't.billing_status',
      't.has_payment_method',
      't.stripe_subscription_id',
      db.raw(`${OWNER_EMAIL} as owner_email`),
      db.raw('coalesce(us.minutes_used, 0) as minutes_used'),
      db.raw('coalesce(us.minutes_included, t.minutes_included) as minutes_included'),
      db.raw('coalesce(us.minutes_billable, 0) as minutes_billable'),
      db.raw('coalesce(us.billing_cost, 0) as billing_cost'),
    );
}

const toRow = (row: Row): AdminTenantBillingRow => ({
  id: row.id,
  name: row.name,
  ownerEmail: row.owner_email,
  planId: row.plan_id,
  planName: row.plan_name,
  billingStatus: isBillingStatus(row.billing_status) ? row.billing_status : 'inactive',
  hasPaymentMethod: toBool(row.has_payment_method),
  stripeSubscriptionId: row.stripe_subscription_id,
  currentUsage: {
    minutesUsed: Number(row.minutes_used),
    minutesIncluded: Number(row.minutes_included),
    minutesBillable: Number(row.minutes_billable),
    billingCost: Number(row.billing_cost),
  },
  currency: row.currency,
});

export async function tenantsBillingPage(
  db: Db,
  query: AdminTenantsQuery,
  month: string,
): Promise<{ rows: AdminTenantBillingRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withBillingColumns(db, matching(db, query.search), month)
      .orderBy([
        { column: SORT_COLUMNS[query.sortField], order: query.sortOrder },
        { column: 't.id', order: 'asc' },
      ])
      .limit(query.pageSize)
      .offset(query.page * query.pageSize) as Promise<Row[]>,
    matching(db, query.search).count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return { total: Number(count?.n ?? 0), rows: rows.map(toRow) };
}

export async function tenantBillingRow(
  db: Db,
  tenantId: string,
  month: string,
): Promise<AdminTenantBillingRow | undefined> {
  const row = (await withBillingColumns(db, db('tenants as t').where('t.id', tenantId), month).first()) as
    Row | undefined;
  return row ? toRow(row) : undefined;
}

/** Platform totals for the month: every tenant, not only the page. */
export async function billingTotals(db: Db, month: string): Promise<AdminBillingTotals> {
  const usable = ['active', 'trialing'];
  const [counts, revenue, minutes] = await Promise.all([
    db('tenants')
      .select(db.raw('count(*) as tenants'))
      .select(db.raw(`sum(case when billing_status in ('active', 'trialing') then 1 else 0 end) as active`))
      .first() as Promise<{ tenants: number | string; active: number | string | null }>,
    db('tenants as t')
      .join('plans as p', 'p.id', 't.plan')
      .leftJoin('usage as us', (join) => join.on('us.tenant_id', 't.id').andOnVal('us.month_yyyy_mm', month))
      .whereIn('t.billing_status', usable)
      .groupBy('p.currency')
      .orderBy('p.currency')
      .select('p.currency', db.raw('sum(p.base_price_monthly + coalesce(us.billing_cost, 0)) as amount')) as Promise<
      Array<{ currency: string; amount: number | string }>
    >,
    db('usage').where({ month_yyyy_mm: month }).sum({ n: 'minutes_used' }).first() as Promise<
      { n: number | string | null } | undefined
    >,
  ]);
  return {
    tenants: Number(counts?.tenants ?? 0),
    activeTenants: Number(counts?.active ?? 0),
    monthlyRevenue: revenue.map((row) => ({ currency: row.currency, amount: Number(row.amount) })),
    totalMinutes: Number(minutes?.n ?? 0),
  };
}
