/**
 * The public election record (§4.4): one `<uuid>.bel` archive holding a header, data items and
 * hash-chained events, each member named by the SHA-256 (hex) of its bytes. The writer appends
 * as the election goes; the reader checks names, the chain and the canonical layout.
 */
import { sha256Hex } from '../hash.ts';
import { readTar, writeTar, type TarMember } from './tar.ts';

/** The event types of §4.4. */
export const EVENT_TYPES = [
  'Setup',
  'Ballot',
  'EndBallots',
  'EncryptedTally',
  'Shuffle',
  'EndShuffles',
  'PartialDecryption',
  'Result',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event as stored. */
export type RecordEvent = { parent?: string; height: number; type: EventType; payload?: string };

/** One member after the header, in archive order. */
export type RecordEntry =
  | { kind: 'data'; hash: string; text: string }
  | { kind: 'event'; hash: string; text: string; event: RecordEvent };

const encoder = new TextEncoder();

/** The canonical bytes of an event. */
export function serializeEvent(e: RecordEvent): string {
  return JSON.stringify({
    ...(e.parent !== undefined ? { parent: e.parent } : {}),
    height: e.height,
    type: e.type,
    ...(e.payload !== undefined ? { payload: e.payload } : {}),
  });
}

/** The header member's bytes. */
export function serializeHeader(timestamp: number): string {
  return `{"version":1,"timestamp":"${timestamp}"}`;
}

/** An append-only record under construction (the server's bulletin board, or a simulation). */
export class RecordWriter {
  readonly timestamp: number;
  readonly entries: RecordEntry[] = [];
  private last: { hash: string; height: number } | undefined;

  constructor(timestamp: number, entries: readonly RecordEntry[] = []) {
    this.timestamp = timestamp;
    for (const e of entries) {
      this.entries.push(e);
      if (e.kind === 'event') this.last = { hash: e.hash, height: e.event.height };
    }
  }

  /**
   * A writer whose new entries follow an existing record known only by its head (the server
   * keeps the head beside the stored entries). `entries` then holds only what is added.
   */
  static after(timestamp: number, head: { hash: string; height: number }): RecordWriter {
    const writer = new RecordWriter(timestamp);
    writer.last = { ...head };
    return writer;
  }

  /** Appends a data item; returns its hash. */
  addData(text: string): string {
    const hash = sha256Hex(text);
    this.entries.push({ kind: 'data', hash, text });
    return hash;
  }

  /** Appends an event after the current head; returns its hash. */
  addEvent(type: EventType, payload?: string): string {
    const event: RecordEvent = {
      ...(this.last ? { parent: this.last.hash } : {}),
      height: this.last ? this.last.height + 1 : 0,
      type,
      ...(payload !== undefined ? { payload } : {}),
    };
    const text = serializeEvent(event);
    const hash = sha256Hex(text);
    this.entries.push({ kind: 'event', hash, text, event });
    this.last = { hash, height: event.height };
    return hash;
  }

  /** The hash of the last event: the head a snapshot pins. */
  get head(): string | undefined {
    return this.last?.hash;
  }

  /** The archive bytes. */
  toArchive(): Uint8Array {
    return archiveOf(this.timestamp, this.entries);
  }
}

/** Writes header and entries as a `.bel` archive. */
export function archiveOf(timestamp: number, entries: readonly RecordEntry[]): Uint8Array {
  const members: TarMember[] = [
    { name: 'BELENIOS', body: encoder.encode(serializeHeader(timestamp)) },
  ];
  for (const e of entries)
    members.push({ name: `${e.hash}.${e.kind}.json`, body: encoder.encode(e.text) });
  return writeTar(members, timestamp);
}

/** A record read from its archive. */
export type ParsedRecord = {
  timestamp: number;
  entries: RecordEntry[];
  data: Map<string, string>;
  /** The events in chain order, from Setup to the head. */
  events: { hash: string; event: RecordEvent }[];
};

/** The data items an event's payload brings with it, in the order they precede it. */
function payloadChildren(type: EventType, text: string): string[] {
  const obj = JSON.parse(text) as Record<string, unknown>;
  const str = (k: string) => (typeof obj[k] === 'string' ? [obj[k]] : []);
  switch (type) {
    case 'Setup':
      return [...str('election'), ...str('trustees'), ...str('credentials')];
    case 'EncryptedTally':
      return str('encrypted_tally');
    case 'PartialDecryption':
    case 'Shuffle':
      return str('payload');
    default:
      return [];
  }
}

/**
 * Reads a `.bel` archive: the header, names that are the hash of their bytes, events that parse
 * and chain (parent, height), and the archive equal byte for byte to the canonical one rebuilt by
 * walking back from the last event. Throws an Error naming the first problem.
 */
export function readRecord(bytes: Uint8Array): ParsedRecord {
  const { members, mtime } = readTar(bytes);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const [first, ...rest] = members;
  if (first?.name !== 'BELENIOS') throw new Error('anggota pertama arsip bukan BELENIOS');
  const headerText = decoder.decode(first.body);
  const header = JSON.parse(headerText) as { version?: unknown; timestamp?: unknown };
  const timestamp = Number(header.timestamp);
  if (
    header.version !== 1 ||
    typeof header.timestamp !== 'string' ||
    serializeHeader(timestamp) !== headerText
  ) {
    throw new Error('kepala arsip tidak sah');
  }
  const entries: RecordEntry[] = [];
  const data = new Map<string, string>();
  const eventsByHash = new Map<string, RecordEvent>();
  let lastEvent: string | undefined;
  for (const m of rest) {
    const match = /^([0-9a-f]{64})\.(data|event)\.json$/.exec(m.name);
    if (!match) throw new Error(`nama anggota arsip tidak sah: ${m.name}`);
    const text = decoder.decode(m.body);
    if (sha256Hex(text) !== match[1]) throw new Error(`isi ${m.name} tidak sesuai hash-nya`);
    if (match[2] === 'data') {
      data.set(match[1]!, text);
      entries.push({ kind: 'data', hash: match[1]!, text });
      continue;
    }
    const event = parseEvent(text);
    if (!event) throw new Error(`peristiwa ${m.name} tidak sah`);
    eventsByHash.set(match[1]!, event);
    entries.push({ kind: 'event', hash: match[1]!, text, event });
    lastEvent = match[1]!;
  }
  if (!lastEvent) throw new Error('arsip tidak berisi peristiwa');
  const events: { hash: string; event: RecordEvent }[] = [];
  for (let at: string | undefined = lastEvent; at !== undefined;) {
    const event = eventsByHash.get(at);
    if (!event) throw new Error(`peristiwa induk ${at} tidak ada di arsip`);
    events.unshift({ hash: at, event });
    at = event.parent;
  }
  events.forEach(({ event }, i) => {
    if (event.height !== i) throw new Error(`tinggi peristiwa ${i} tidak berurutan`);
  });
  const canonical: RecordEntry[] = [];
  const emit = (hash: string, type: EventType | undefined) => {
    const text = data.get(hash);
    if (text === undefined) throw new Error(`data ${hash} tidak ada di arsip`);
    if (type) for (const child of payloadChildren(type, text)) emit(child, undefined);
    canonical.push({ kind: 'data', hash, text });
  };
  for (const { hash, event } of events) {
    if (event.payload !== undefined) emit(event.payload, event.type);
    canonical.push({ kind: 'event', hash, text: serializeEvent(event), event });
  }
  const rebuilt = archiveOf(timestamp, canonical);
  if (rebuilt.length !== bytes.length || rebuilt.some((b, i) => b !== bytes[i])) {
    throw new Error('arsip tidak kanonik: ada anggota tambahan, urutan lain, atau cabang yatim');
  }
  void mtime;
  return { timestamp, entries, data, events };
}

function parseEvent(text: string): RecordEvent | undefined {
  try {
    const e = JSON.parse(text) as Record<string, unknown>;
    const ok =
      (e.parent === undefined ||
        (typeof e.parent === 'string' && /^[0-9a-f]{64}$/.test(e.parent))) &&
      Number.isSafeInteger(e.height) &&
      (e.height as number) >= 0 &&
      EVENT_TYPES.includes(e.type as EventType) &&
      (e.payload === undefined ||
        (typeof e.payload === 'string' && /^[0-9a-f]{64}$/.test(e.payload)));
    if (!ok) return undefined;
    const event = e as unknown as RecordEvent;
    return serializeEvent(event) === text ? event : undefined;
  } catch {
    return undefined;
  }
}
