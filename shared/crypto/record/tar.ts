/**
 * The archive format of a Belenios 2.0 record (§4.4): an old-style tar, in 512-byte blocks, with
 * exactly the header bytes belenios-tool writes — mode 0000644, uid/gid 0, size and mtime as 11
 * octal digits, checksum as 6 octal digits + NUL + space, typeflag '0', no ustar magic, the same
 * mtime on every member, bodies NUL-padded and no trailing zero blocks. A verifier re-emits the
 * archive and compares bytes, so this writer and reader must be exact.
 */

/** One archive member. */
export type TarMember = { name: string; body: Uint8Array };

const BLOCK = 512;
const encoder = new TextEncoder();

function octal(value: number, digits: number): string {
  return value.toString(8).padStart(digits, '0');
}

function header(name: string, size: number, mtime: number): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const put = (offset: number, text: string) => h.set(encoder.encode(text), offset);
  put(0, name);
  put(100, '0000644\0');
  put(108, '0000000\0');
  put(116, '0000000\0');
  put(124, octal(size, 11) + '\0');
  put(136, octal(mtime, 11) + '\0');
  put(148, '        ');
  put(156, '0');
  let sum = 0;
  for (const b of h) sum += b;
  put(148, octal(sum, 6) + '\0 ');
  return h;
}

/** Writes members in order, every one with the given modification time (Unix seconds). */
export function writeTar(members: readonly TarMember[], mtime: number): Uint8Array {
  let total = 0;
  for (const m of members) total += BLOCK + Math.ceil(m.body.length / BLOCK) * BLOCK;
  const out = new Uint8Array(total);
  let at = 0;
  for (const m of members) {
    if (encoder.encode(m.name).length > 99) throw new Error(`name too long: ${m.name}`);
    out.set(header(m.name, m.body.length, mtime), at);
    out.set(m.body, at + BLOCK);
    at += BLOCK + Math.ceil(m.body.length / BLOCK) * BLOCK;
  }
  return out;
}

/** Reads members; throws on anything that is not a well-formed archive of plain files. */
export function readTar(bytes: Uint8Array): { members: TarMember[]; mtime: number } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const members: TarMember[] = [];
  let mtime: number | undefined;
  let at = 0;
  while (at < bytes.length) {
    if (at + BLOCK > bytes.length) throw new Error('archive truncated in a header');
    const h = bytes.subarray(at, at + BLOCK);
    const field = (offset: number, length: number) => {
      const raw = h.subarray(offset, offset + length);
      const end = raw.indexOf(0);
      return decoder.decode(end === -1 ? raw : raw.subarray(0, end));
    };
    const name = field(0, 100);
    const size = Number.parseInt(field(124, 12), 8);
    const time = Number.parseInt(field(136, 12), 8);
    if (!name || !Number.isSafeInteger(size) || !Number.isSafeInteger(time)) {
      throw new Error(`malformed header at byte ${at}`);
    }
    const end = at + BLOCK + size;
    if (end > bytes.length) throw new Error(`archive truncated in ${name}`);
    members.push({ name, body: bytes.slice(at + BLOCK, end) });
    mtime ??= time;
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (mtime === undefined) throw new Error('empty archive');
  return { members, mtime };
}
