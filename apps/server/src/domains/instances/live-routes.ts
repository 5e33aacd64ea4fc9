import { taggedInstallations } from '../../infra/compute/marks.js';
import {
  GuestOsInfo,
  InstanceFull,
  InstanceLiveStatus,
  InstancePowerList,
  InstanceQuery,
  RrdData,
  RrdQuery,
  SESSION_HEADER,
} from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { authOf, routeGroup } from '../../infra/http/session.js';
import { liveRepository, type InstanceRef, type SessionRef } from './live-repository.js';
import {
  guestOsInfo,
  instanceFull,
  instanceRrd,
  liveStatusOf,
  mayHaveVm,
  powerStates,
  snapshotOf,
  type LiveState,
} from './live-service.js';
import { RevalidatedCache } from './revalidated-cache.js';
import { StatusCache, type ClusterSnapshot } from './status-cache.js';
import { statusQueryCompiler } from './status-query.js';

/**
 * How long the status route trusts what it remembers. Sessions and instance ownership are re-read
 * from the database in one batch every REVALIDATE_MS for everything read in the last IDLE_MS; an
 * entry older than MAX_AGE_MS is re-read before it is served. So a sign-out, an expired session, a
 * destroyed or transferred instance stops being served within about 2 s, 5 s at worst, while a
 * viewer polling every 2 s costs no database query of its own.
 */
export const LIVE_CACHE = { REVALIDATE_MS: 2_000, MAX_AGE_MS: 5_000, IDLE_MS: 10_000 } as const;
/**
 * The web polls status every 2 s (docs/product/instances.md#live-charts-and-usage-history); a
 * cluster nobody asked about for 10 s is no longer polled.
 */
export const STATUS_POLL = { INTERVAL_MS: 2_000, IDLE_MS: 10_000, MAX_AGE_MS: 6_000, FETCH_TIMEOUT_MS: 5_000 } as const;

function liveState(ctx: Context): { live: LiveState; sessions: RevalidatedCache<string, SessionRef> } {
  const onError = (err: unknown) => ctx.log.warn({ err }, 'live cache revalidation failed');
  const cache = { revalidateMs: LIVE_CACHE.REVALIDATE_MS, maxAgeMs: LIVE_CACHE.MAX_AGE_MS, idleMs: LIVE_CACHE.IDLE_MS };
  return {
    sessions: new RevalidatedCache({
      ...cache,
      onError,
      load: (ids) => liveRepository.sessionsUsers(ctx.db, ids),
      // A session's user never changes: revalidation only asks which sessions ended.
      revalidate: async (held) => {
        const gone = await liveRepository.goneSessions(ctx.db, held);
        return new Map(held.filter(([id]) => !gone.has(id)));
      },
    }),
    live: {
      refs: new RevalidatedCache<string, InstanceRef>({
        ...cache,
        onError,
        load: (keys) => liveRepository.refs(ctx.db, keys),
        revalidate: (held) => liveRepository.changedRefs(ctx.db, held),
      }),
      status: new StatusCache({
        intervalMs: STATUS_POLL.INTERVAL_MS,
        idleMs: STATUS_POLL.IDLE_MS,
        maxAgeMs: STATUS_POLL.MAX_AGE_MS,
        fetch: async (key) => {
          const cluster = ctx.compute?.cluster(key);
          if (!cluster) throw new Error(`no cluster ${key}`);
          // Bounded: while Proxmox fails, readers get 502 after this rather than after every retry.
          const rows = await cluster.client.cluster.resources('vm', {
            signal: AbortSignal.timeout(STATUS_POLL.FETCH_TIMEOUT_MS),
          });
          // Only VMs tagged as this installation's: another's at an instance's VMID shows as missing.
          return rows.filter((r) => taggedInstallations(r.tags).includes(cluster.installation));
        },
        onError: (cluster, err) => ctx.log.warn({ err, cluster }, 'cluster status poll failed'),
      }),
    },
  };
}

/** Lets a request through as the session's user, or refuses an ended or unknown session. */
function admit(req: FastifyRequest, sessionId: string, userId: number | undefined, done: (err?: Error) => void) {
  if (!userId) return done(new AppError('invalid_session', 401));
  req.auth = { sessionId, userId };
  done();
}

/**
 * requireSession's rules with the session remembered (see LIVE_CACHE): the status route's guard.
 * Callback style and no closure per request, so a remembered session costs no promise and no
 * allocation of its own.
 */
function cachedSession(sessions: RevalidatedCache<string, SessionRef>) {
  return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const raw = req.headers[SESSION_HEADER];
    const id = Array.isArray(raw) ? raw[0] : raw;
    if (!id) return done(new AppError('need_login', 401));
    if (id.length > 128) return done(new AppError('invalid_session', 401));
    const found = sessions.get(id);
    if (!(found instanceof Promise)) return admit(req, id, found?.userId, done);
    found.then(
      (session) => admit(req, id, session?.userId, done),
      (err: unknown) => done(err as Error),
    );
  };
}

/** The status answer is built by our code from typed values: plain JSON.stringify, no second validation. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The status route's answer, serialised once per cluster snapshot and instance: every viewer of an
 * instance within the same 2 s gets the same bytes. Keyed by the objects themselves, so a new
 * snapshot or a revalidated ref (anything that could change the answer) is serialised afresh.
 */
const answers = new WeakMap<ClusterSnapshot, WeakMap<InstanceRef, string>>();
function statusAnswer(ref: InstanceRef, snap: ClusterSnapshot): string {
  let bySnap = answers.get(snap);
  if (!bySnap) answers.set(snap, (bySnap = new WeakMap()));
  let answer = bySnap.get(ref);
  if (answer === undefined) bySnap.set(ref, (answer = JSON.stringify({ data: liveStatusOf(ref, snap) })));
  return answer;
}

/**
 * Answers the status of a ref the caller owns, synchronously when its cluster's snapshot is in
 * memory (the steady state of every open instance page), so a poll costs no promise.
 */
function sendStatus(live: LiveState, ref: InstanceRef | undefined, reply: FastifyReply): void | Promise<void> {
  if (!ref) throw instanceNotFound();
  // Nothing to ask Proxmox about yet (or any more): no reason to poll the cluster.
  if (!mayHaveVm(ref)) {
    void reply.send({ data: liveStatusOf(ref, { time: Date.now(), vms: new Map() }) });
    return;
  }
  const read = live.status.read(ref.cluster);
  if (!(read instanceof Promise)) {
    void reply.type(JSON_TYPE).send(statusAnswer(ref, read));
    return;
  }
  return snapshotOf(live, ref.cluster).then((snap) => {
    void reply.type(JSON_TYPE).send(statusAnswer(ref, snap));
  });
}

/** The reads of the instance page: api/instance, its live status, usage history and guest OS. */
export function liveRoutes(ctx: Context) {
  return async (app: Api) => {
    const { live, sessions } = liveState(ctx);
    app.addHook('onClose', () => {
      live.status.close();
      live.refs.close();
      sessions.close();
    });
    await app.register(
      routeGroup(ctx, { tag: 'instances', session: true }, (a) => {
        a.get(
          '/instance',
          {
            schema: {
              summary: 'An instance with its product, for the instance page',
              description:
                'The detail of api/instance/get plus the product (sanitised HTML description, quotas), the price ' +
                'of the next cycle, the assigned addresses and a mounted ISO. Another customer’s id is ' +
                '404 `instance_not_exist`.',
              querystring: InstanceQuery,
              response: replies(InstanceFull),
            },
          },
          async (req) => ({ data: await instanceFull(ctx, live, authOf(req).userId, req.query.id, localeOf(req)) }),
        );
        a.get(
          '/instances/power',
          {
            schema: {
              summary: 'The power state of every instance, for the lists',
              description:
                'Running, stopped, paused or unknown for each of the caller’s instances that has a VM, from the ' +
                'per-cluster cache the status route reads (one Proxmox call per cluster, never one per instance). ' +
                'A cluster that cannot be asked reports its instances as `unknown`.',
              response: replies(InstancePowerList),
            },
          },
          async (req) => ({ data: await powerStates(ctx, live, authOf(req).userId) }),
        );
        a.get(
          '/instance/rrd',
          {
            schema: {
              summary: 'Usage history',
              description:
                'Proxmox’s RRD data for the timeframe (hour, day, week, month, year; default day) and ' +
                'consolidation (AVERAGE or MAX): CPU as a fraction, memory in bytes, network and disk in bytes ' +
                'per second. An instance without a VM (being created, destroyed) has no history: `[]`.',
              querystring: RrdQuery,
              response: replies(RrdData),
            },
          },
          async (req) => ({ data: await instanceRrd(ctx, live, authOf(req).userId, req.query) }),
        );
        a.get(
          '/instance/agent/osinfo',
          {
            schema: {
              summary: 'Guest operating system',
              description:
                'What the QEMU guest agent reports. `Available` is false when the VM is not running or the agent ' +
                'does not answer.',
              querystring: InstanceQuery,
              response: replies(GuestOsInfo),
            },
          },
          async (req) => ({ data: await guestOsInfo(ctx, live, authOf(req).userId, req.query.id) }),
        );
      }),
    );
    await app.register(statusRoute(live, sessions));
  };
}

/**
 * GET api/instance/status, polled every 2 s by every open instance page, in a scope of its own. It
 * runs the app's hooks like every route (security headers, the API rate limit, the Unicode check)
 * and adds only what the poll needs: a session guard that remembers sessions (cachedSession), the
 * query check (zod's, with a shortcut for a poll's plain id: statusQueryCompiler), and, in the steady state, the bytes cached for the instance and its cluster's
 * snapshot, sent without a promise.
 */
function statusRoute(live: LiveState, sessions: RevalidatedCache<string, SessionRef>) {
  return async (app: Api) => {
    app.get(
      '/instance/status',
      {
        onRequest: cachedSession(sessions),
        // Every open instance page polls every 2 s: its polls are not logged one by one (failures are).
        logLevel: 'warn',
        serializerCompiler: plainJson,
        validatorCompiler: statusQueryCompiler,
        schema: {
          summary: 'Live status',
          description:
            'From a per-cluster cache refreshed by one Proxmox `/cluster/resources` call every 2 s while ' +
            'anyone watches. `Netin`, `Netout`, `Diskread`, `Diskwrite` are counters; `Time` says when they ' +
            'were read. An instance without a VM answers `State: unknown` with zeros. Sessions and ownership ' +
            'are re-checked every 2 s (at worst 5 s).',
          tags: ['instances'],
          security: [{ session: [] }],
          querystring: InstanceQuery,
          response: replies(InstanceLiveStatus),
        },
      },
      (req, reply) => {
        const found = live.refs.get(`${authOf(req).userId}:${req.query.id}`);
        if (found instanceof Promise) return found.then((ref) => sendStatus(live, ref, reply));
        return sendStatus(live, found, reply);
      },
    );
  };
}
