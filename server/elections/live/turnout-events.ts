import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ElectionRow } from '../results/election-row.ts';
import { computeTurnout, type Turnout } from '../turnout.ts';
import type { Logger } from '../../runtime/logger.ts';

/** One open live stream: takes the bytes of an event; `close` ends the stream. */
export type TurnoutSink = {
  /** Queues a chunk; returns false when the client has fallen too far behind (it is dropped). */
  write: (chunk: Uint8Array) => boolean;
  close: () => void;
};

type Room = {
  election: ElectionRow;
  sinks: Set<TurnoutSink>;
  /** The last event sent (its text, to skip repeats, and its bytes, for newcomers). */
  latest: { text: string; bytes: Uint8Array } | undefined;
  /** A change was signalled and not counted yet. */
  dirty: boolean;
  counting: boolean;
  lastCount: number;
  timer: NodeJS.Timeout | undefined;
};

/** A notification was sent for the election; `pending`: another is due when `timer` fires. */
type NotifyState = { pending: boolean; timer: NodeJS.Timeout | undefined };

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': keep-alive\n\n');

/** The SSE text of a turnout event (what every client of the election receives, byte for byte). */
export const turnoutEventText = (turnout: Turnout) =>
  `event: turnout\ndata: ${JSON.stringify(turnout)}\n\n`;

/** The channel instances tell each other on that an election's turnout changed (payload its id). */
const CHANNEL = 'turnout_changed';

/**
 * Live turnout of elections. A cast through this process signals `changed(electionId)`; on
 * PostgreSQL the process also tells the other instances with NOTIFY `turnout_changed` (payload the
 * election id), at most once per `minIntervalMs` per election and never inside the cast's own
 * transaction: a transaction that notifies takes a database-wide lock until its commit is flushed,
 * so notifying from every cast would line all casts up behind one another. Each process LISTENs
 * once; for an election with open streams here it counts the turnout once per burst (at most every
 * `minIntervalMs`) and sends the same serialized event to every stream. Nothing is done per client
 * beyond queuing those bytes; one shared timer sends the keep-alive comments. An election nobody
 * watches in this process costs nothing here.
 */
export class TurnoutEvents {
  private readonly rooms = new Map<string, Room>();
  /** Elections this process notified the others about less than an interval ago. */
  private readonly notifying = new Map<string, NotifyState>();
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly database: Database;
  private readonly logger: Logger;
  private readonly minIntervalMs: number;

  private constructor(database: Database, logger: Logger, minIntervalMs: number) {
    this.database = database;
    this.logger = logger;
    this.minIntervalMs = minIntervalMs;
  }

  static async start(
    database: Database,
    logger: Logger,
    opts: { minIntervalMs?: number; heartbeatMs?: number } = {},
  ): Promise<TurnoutEvents> {
    const hub = new TurnoutEvents(database, logger, opts.minIntervalMs ?? 250);
    hub.unlisten = await database.listen(
      CHANNEL,
      (electionId) => {
        const room = hub.rooms.get(electionId);
        if (room) hub.schedule(electionId, room);
      },
      () => {
        // Casts made while the listening connection was down were missed: count every room again.
        logger.warn('live turnout reconnected');
        for (const [id, room] of hub.rooms) hub.schedule(id, room);
      },
    );
    hub.heartbeat = setInterval(() => hub.sendAll(HEARTBEAT), opts.heartbeatMs ?? 25_000);
    hub.heartbeat.unref();
    return hub;
  }

  /**
   * Adds a stream to an election's room: it gets the current turnout at once (or as soon as the
   * first count is done), then every change. Returns the unsubscribe function.
   */
  subscribe(election: ElectionRow, sink: TurnoutSink): () => void {
    if (this.stopped) {
      sink.close();
      return () => {};
    }
    let room = this.rooms.get(election.id);
    if (!room) {
      room = {
        election,
        sinks: new Set(),
        latest: undefined,
        dirty: false,
        counting: false,
        lastCount: 0,
        timer: undefined,
      };
      this.rooms.set(election.id, room);
      this.schedule(election.id, room);
    }
    room.sinks.add(sink);
    const joined = room;
    if (joined.latest) this.deliver(election.id, joined, sink, joined.latest.bytes);
    return () => this.leave(election.id, joined, sink);
  }

  private leave(id: string, room: Room, sink: TurnoutSink) {
    room.sinks.delete(sink);
    if (room.sinks.size === 0 && this.rooms.get(id) === room) {
      clearTimeout(room.timer);
      this.rooms.delete(id);
    }
  }

  /**
   * A ballot was cast in this election (through this process): its streams here get the new
   * turnout, and (on PostgreSQL) the other instances are told, coalesced per election.
   */
  changed(electionId: string) {
    if (this.stopped) return;
    const room = this.rooms.get(electionId);
    if (room) this.schedule(electionId, room);
    // The embedded database belongs to this one process: there is nobody else to tell.
    if (this.database.kind === 'postgres') this.notifyOthers(electionId);
  }

  /** NOTIFY now, unless one was sent less than an interval ago: then once when it is over. */
  private notifyOthers(electionId: string) {
    const state = this.notifying.get(electionId);
    if (state) {
      state.pending = true;
      return;
    }
    this.sendNotify(electionId, { pending: false, timer: undefined });
  }

  private sendNotify(electionId: string, state: NotifyState) {
    this.notifying.set(electionId, state);
    this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${electionId})`).then(
      () => {},
      (err: Error) =>
        this.logger.warn({ err: err.message, electionId }, 'live turnout notify failed'),
    );
    state.timer = setTimeout(() => {
      if (state.pending && !this.stopped) {
        state.pending = false;
        this.sendNotify(electionId, state);
      } else this.notifying.delete(electionId);
    }, this.minIntervalMs);
  }

  /** Open streams in this process (all elections). */
  get connections(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.sinks.size;
    return n;
  }

  /** Ends every open stream (shutdown) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const state of this.notifying.values()) clearTimeout(state.timer);
    this.notifying.clear();
    for (const room of this.rooms.values()) {
      clearTimeout(room.timer);
      for (const sink of room.sinks) sink.close();
    }
    this.rooms.clear();
    await this.unlisten?.();
  }

  /** Counts soon: now if the last count is old enough, else when it is (one count per burst). */
  private schedule(id: string, room: Room) {
    room.dirty = true;
    if (room.counting || room.timer) return;
    const wait = room.lastCount + this.minIntervalMs - performance.now();
    if (wait <= 0) void this.count(id, room);
    else
      room.timer = setTimeout(() => {
        room.timer = undefined;
        void this.count(id, room);
      }, wait);
  }

  private async count(id: string, room: Room) {
    if (this.stopped || this.rooms.get(id) !== room) return;
    room.dirty = false;
    room.counting = true;
    room.lastCount = performance.now();
    try {
      this.publish(id, room, await computeTurnout(this.database.db, room.election));
    } catch (err) {
      this.logger.warn(
        { err: (err as Error).message, electionId: id },
        'live turnout count failed',
      );
      room.dirty = true;
      room.lastCount = performance.now() + 1000;
    } finally {
      room.counting = false;
    }
    if (room.dirty && !this.stopped && this.rooms.get(id) === room) this.schedule(id, room);
  }

  private publish(id: string, room: Room, turnout: Turnout) {
    const text = turnoutEventText(turnout);
    if (room.latest?.text === text) return;
    const bytes = encoder.encode(text);
    room.latest = { text, bytes };
    for (const sink of room.sinks) this.deliver(id, room, sink, bytes);
  }

  private sendAll(bytes: Uint8Array) {
    for (const [id, room] of this.rooms)
      for (const sink of room.sinks) this.deliver(id, room, sink, bytes);
  }

  /** Queues the bytes on one stream; a stream that cannot take them (gone, or far behind) is ended. */
  private deliver(id: string, room: Room, sink: TurnoutSink, bytes: Uint8Array) {
    let ok: boolean;
    try {
      ok = sink.write(bytes);
    } catch {
      ok = false;
    }
    if (!ok) {
      this.leave(id, room, sink);
      try {
        sink.close();
      } catch {
        // Already closed.
      }
    }
  }
}
