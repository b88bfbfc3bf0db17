import { sql } from 'drizzle-orm';
import {
  rateVital,
  USAGE_DAYS,
  VITAL_NAMES,
  type VitalName,
} from '../../../shared/schemas/metrics.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { pageViews, webVitals } from '../../db/schema/index.ts';
import { pageTitles } from './page-titles.ts';

/** Today's date in WIB, as the database's clock says: the day a page view is counted on. */
const WIB_TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

/**
 * Only pages that exist are counted: an article's page while it is public, an election's pages
 * unless it is a draft. So nobody can fill the dashboard with made-up addresses.
 */
function pageExists(path: string) {
  const article = /^\/berita\/([^/]+)$/.exec(path);
  if (article)
    return sql`exists (select 1 from articles where slug = ${article[1]!}
      and status = 'published' and published_at <= now())`;
  const election = /^\/(?:voting|hasil)\/([0-9a-fA-F-]{36})$/.exec(path);
  if (election)
    return sql`exists (select 1 from elections where id::text = ${election[1]!.toLowerCase()}
      and status <> 'draft')`;
  // The candidate page, while the public list shows the election.
  const candidates = /^\/pemilihan\/([0-9a-fA-F-]{36})\/kandidat$/.exec(path);
  if (candidates)
    return sql`exists (select 1 from elections where id::text = ${candidates[1]!.toLowerCase()}
      and status in ('ready', 'published'))`;
  return sql`true`;
}

/** Counts one view of a page on today's WIB date: one upsert, nothing about the visitor. */
export async function countPageView(db: Db, path: string) {
  await db.execute(sql`
    insert into ${pageViews} (day, path, views)
    select ${WIB_TODAY}, ${path}, 1 where ${pageExists(path)}
    on conflict (day, path) do update set views = ${pageViews}.views + 1`);
}

/** Stores the web-vitals of one page load: name, value, page, time; nothing about the visitor. */
export async function storeVitals(
  db: Db,
  path: string,
  metrics: { name: VitalName; value: number }[],
) {
  await db.insert(webVitals).values(metrics.map((m) => ({ name: m.name, value: m.value, path })));
  // Now and then, samples older than the dashboard's window are dropped: the table stays bounded.
  if (Math.random() < 0.01)
    await db.execute(
      sql`delete from ${webVitals} where ${webVitals.at} < now() - make_interval(days => ${USAGE_DAYS + 1})`,
    );
}

/** Rows of the content tables, counted directly. */
export async function dashboardCounts(db: Db, opts: { requests: boolean }) {
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select
      (select count(*) from articles)::int as articles,
      (select count(*) from articles where status = 'published' and published_at <= now())::int as published,
      (select count(*) from documents)::int as documents,
      (select count(*) from voters)::int as voters,
      (select count(*) from voters where status = 'pending')::int as pending,
      (select count(*) from voters where status = 'verified')::int as verified,
      (select count(*) from elections)::int as elections,
      (select count(*) from election_requests where status = 'pending')::int as requests,
      (select count(*) from elections
        where status = 'ready' and starts_at <= now() and ends_at > now())::int as open`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    articles: { total: n('articles'), published: n('published') },
    documents: { total: n('documents') },
    voters: { total: n('voters'), pending: n('pending'), verified: n('verified') },
    elections: { total: n('elections'), open: n('open') },
    // Requests wait for the master admins: others are not told about them.
    requests: opts.requests ? { pending: n('requests') } : null,
  };
}

/** Page views per day over the last USAGE_DAYS WIB days (every day present, 0 when none). */
async function viewsPerDay(db: Db) {
  const rows = await queryRows<{ day: string; views: number | string; today: string }>(
    db,
    sql`select d.day::text as day, coalesce(sum(${pageViews.views}), 0)::int as views
      from generate_series(${WIB_TODAY} - ${USAGE_DAYS - 1}::int, ${WIB_TODAY}, interval '1 day') as d(day)
      left join ${pageViews} on ${pageViews.day} = d.day::date
      group by d.day order by d.day`,
  );
  return rows.map((r) => ({ day: r.day.slice(0, 10), views: Number(r.views) }));
}

/** The ten most viewed pages over the same days. */
async function topPages(db: Db) {
  const rows = await queryRows<{ path: string; views: number | string }>(
    db,
    sql`select ${pageViews.path} as path, sum(${pageViews.views})::int as views
      from ${pageViews}
      where ${pageViews.day} > ${WIB_TODAY} - ${USAGE_DAYS}::int
      group by ${pageViews.path}
      order by views desc, path asc
      limit 10`,
  );
  const titles = await pageTitles(
    db,
    rows.map((r) => r.path),
  );
  return rows.map((r) => ({ path: r.path, title: titles.get(r.path)!, views: Number(r.views) }));
}

/**
 * The 75th percentile of each web-vital over the last USAGE_DAYS days (continuous percentile,
 * linear between the two nearest samples), with the number of samples and its label.
 */
async function vitalsP75(db: Db) {
  const rows = await queryRows<{ name: VitalName; p75: number | string; samples: number | string }>(
    db,
    sql`select ${webVitals.name} as name,
        percentile_cont(0.75) within group (order by ${webVitals.value}) as p75,
        count(*)::int as samples
      from ${webVitals}
      where ${webVitals.at} >= now() - make_interval(days => ${USAGE_DAYS})
      group by ${webVitals.name}`,
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return VITAL_NAMES.map((name) => {
    const r = byName.get(name);
    if (!r) return { name, p75: null, samples: 0, rating: null };
    const p75 = Number(r.p75);
    return { name, p75, samples: Number(r.samples), rating: rateVital(name, p75) };
  });
}

/** The dashboard's usage section. */
export async function usageReport(db: Db) {
  const [days, pages, vitals] = await Promise.all([viewsPerDay(db), topPages(db), vitalsP75(db)]);
  return {
    days,
    totalViews: days.reduce((sum, d) => sum + d.views, 0),
    topPages: pages,
    vitals,
  };
}
