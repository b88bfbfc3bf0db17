import crypto from 'node:crypto';
import fc from 'fast-check';

/** The subset of JSON Schema the API's OpenAPI document uses for request inputs. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  /** OpenAPI path, e.g. /api/structure/periods/{id}. */
  path: string;
  params: Parameter[];
  json: JsonSchema | undefined;
  jsonRequired: boolean;
  multipart: boolean;
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation the OpenAPI document declares. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path: p,
        params: op.parameters ?? [],
        json: content['application/json']?.schema,
        jsonRequired: Boolean(op.requestBody?.required),
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  return ops;
}

/** One HTTP request a case sends. */
export type HostileRequest = {
  kind: string;
  method: string;
  path: string;
  body?: string | Uint8Array;
  contentType?: string;
  /** True when the input certainly violates the declared schema (so 2xx would be a defect). */
  invalid: boolean;
};

// ---------- hostile values ----------

const edgeStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  '\ufeff',
  '\u0301\u0301\u0301',
  '𝕳𝖔𝖘𝖙𝖎𝖑𝖊',
  '👩‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '; DROP TABLE users; --',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '1e309',
  '-0',
  '0x10',
  '9'.repeat(400),
  '2024-02-30T25:61:61Z',
  '0000-00-00',
  '__proto__',
  'constructor',
  'javascript:alert(1)',
];

/** Hostile strings: edge cases, random unicode (including lone surrogates) and long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...edgeStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\ud800', '\udc00', '\u0000', '\u202e', 'a', '<', '>', '%') }),
  fc.integer({ min: 200, max: 20_000 }).map((n) => 'ŵ'.repeat(n)),
);

const protoKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A deeply nested JSON value built without recursion. */
function deep(depth: number): unknown {
  let v: unknown = { x: 1 };
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const pollution = fc.constantFrom<unknown>(
  { polluted: true },
  { prototype: { polluted: true } },
  { isAdmin: true, role: 'master' },
);

/** JSON values of every kind, for filling fields and top-level bodies. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1.5,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    1e308,
    -1e308,
    [],
    {},
  ),
  fc.integer({ min: 2, max: 2000 }).map(deep),
  fc.array(hostileString, { maxLength: 5 }),
  pollution,
  fc.integer({ min: 100, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
);

// ---------- the schema check (conservative: true only when the value is surely invalid) ----------

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateTimeLike = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function typesOf(s: JsonSchema): string[] | undefined {
  if (s.type === undefined) return undefined;
  return Array.isArray(s.type) ? s.type : [s.type];
}

function stringSurelyInvalid(s: JsonSchema, v: string): boolean {
  // The server may trim or lower-case before checking; invalid only if every form is.
  return [v, v.trim(), v.trim().toLowerCase()].every((x) => {
    if (s.minLength !== undefined && x.length < s.minLength) return true;
    if (s.maxLength !== undefined && x.length > s.maxLength) return true;
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(x)) return true;
    if (s.format === 'uuid' && !uuidLike.test(x)) return true;
    if (s.format === 'date-time' && !dateTimeLike.test(x)) return true;
    if (s.enum && !s.enum.includes(x)) return true;
    return false;
  });
}

function numberSurelyInvalid(s: JsonSchema, n: number, integer: boolean): boolean {
  if (!Number.isFinite(n)) return true;
  if (integer && !Number.isInteger(n)) return true;
  if (s.minimum !== undefined && n < s.minimum) return true;
  if (s.maximum !== undefined && n > s.maximum) return true;
  if (s.enum && !s.enum.includes(n)) return true;
  return false;
}

/** True when `v` (a parsed JSON value) certainly fails `s`. */
export function surelyInvalid(s: JsonSchema, v: unknown): boolean {
  if (s.anyOf) return s.anyOf.every((b) => surelyInvalid(b, v));
  const types = typesOf(s);
  const t = jsonType(v);
  if (types) {
    const ok =
      types.includes(t) ||
      (t === 'number' && types.includes('integer') && Number.isInteger(v as number));
    if (!ok) return true;
  }
  if (t === 'null') return false;
  if (t === 'string') return stringSurelyInvalid(s, v as string);
  if (t === 'number')
    return numberSurelyInvalid(s, v as number, !!types && !types.includes('number'));
  if (t === 'array') {
    const a = v as unknown[];
    if (s.minItems !== undefined && a.length < s.minItems) return true;
    if (s.maxItems !== undefined && a.length > s.maxItems) return true;
    return !!s.items && a.some((x) => surelyInvalid(s.items!, x));
  }
  if (t === 'object' && s.properties) {
    const o = v as Record<string, unknown>;
    for (const k of s.required ?? []) if (!Object.hasOwn(o, k)) return true;
    for (const [k, ps] of Object.entries(s.properties))
      if (Object.hasOwn(o, k) && surelyInvalid(ps, o[k])) return true;
  }
  return false;
}

/** Query values arrive as strings (coerced for numbers) or, with repeated keys, as arrays. */
export function queryValueSurelyInvalid(s: JsonSchema, v: string | string[]): boolean {
  if (Array.isArray(v)) return !typesOf(s)?.includes('array');
  const types = typesOf(s) ?? [];
  if (types.includes('integer') || types.includes('number')) {
    if (v.trim() === '' && s.minimum !== undefined && s.minimum > 0) return true;
    return numberSurelyInvalid(s, Number(v), types.includes('integer'));
  }
  if (types.includes('boolean')) return !['true', 'false', '1', '0'].includes(v);
  return stringSurelyInvalid(s, v);
}

// ---------- values that violate a schema ----------

/** Values of a JSON type the schema does not allow (none when the schema allows any type). */
function wrongTypeValues(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const types = s.anyOf ? s.anyOf.flatMap((b) => typesOf(b) ?? ['any']) : (typesOf(s) ?? ['any']);
  if (types.includes('any')) return undefined;
  return anyJson.filter((v) => surelyInvalid(s, v));
}

/** Values that break one of the schema's constraints (length, pattern, format, range, enum). */
function constraintViolations(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(s) ?? [];
  if (types.includes('string')) {
    if (s.maxLength !== undefined) {
      const max = s.maxLength;
      // Multi-byte characters only where the result stays under the 1 MB JSON body limit.
      const chars = max > 100_000 ? ['a', '<'] : ['a', 'ş', '\u202e', '𝕏', '<'];
      out.push(
        fc
          .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(...chars))
          .map(([extra, ch]) => `x${ch.repeat(max + extra)}x`),
      );
    }
    if (s.pattern || s.format || s.enum || s.minLength)
      out.push(hostileString.filter((x) => stringSurelyInvalid(s, x)));
  }
  if (types.includes('integer') || types.includes('number')) {
    const nums = [1.5, -1, -1e15, 1e15, 1e308, -1e308, 2 ** 53 + 2];
    if (s.minimum !== undefined) nums.push(s.minimum - 1);
    if (s.maximum !== undefined) nums.push(s.maximum + 1);
    const bad = nums.filter((n) => numberSurelyInvalid(s, n, !types.includes('number')));
    if (bad.length) out.push(fc.constantFrom(...bad));
  }
  if (types.includes('array') && s.maxItems !== undefined) {
    const max = s.maxItems;
    out.push(fc.integer({ min: max + 1, max: max + 500 }).map((n) => Array(n).fill('x')));
  }
  return out;
}

/** Values that surely fail `s`, or undefined when the schema accepts anything. */
export function violating(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const all = [wrongTypeValues(s), ...constraintViolations(s)].filter((a) => a !== undefined);
  return all.length ? fc.oneof(...all) : undefined;
}

/** A JSON object body that surely fails `s` (one broken field or a missing one, plus noise). */
function badObject(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const props = Object.entries(s.properties ?? {});
  const required = s.required ?? [];
  const declared = new Set(props.map(([k]) => k));
  const noiseKeys = [...protoKeys, 'extra', 'id', 'role'].filter((k) => !declared.has(k));
  const noise = fc.dictionary(fc.constantFrom(...noiseKeys), anyJson, { maxKeys: 3 });
  const fill = fc.record(
    Object.fromEntries(props.map(([k]) => [k, anyJson])) as Record<string, fc.Arbitrary<unknown>>,
    { requiredKeys: [] },
  );
  const strategies: fc.Arbitrary<Record<string, unknown>>[] = [];
  const breakable = props.flatMap(([k, ps]) => {
    const bad = violating(ps);
    return bad ? [{ k, bad }] : [];
  });
  if (breakable.length)
    strategies.push(
      fc
        .constantFrom(...breakable)
        .chain(({ k, bad }) => fc.tuple(fill, bad).map(([base, v]) => ({ ...base, [k]: v }))),
    );
  if (required.length)
    strategies.push(
      fc.tuple(fill, fc.constantFrom(...required)).map(([base, k]) => {
        const o = { ...base };
        delete o[k];
        return o;
      }),
    );
  if (!strategies.length) return undefined;
  return fc.tuple(fc.oneof(...strategies), noise).map(([body, extra]) => {
    // Own keys named __proto__ or constructor, as JSON.parse would create them.
    const o: Record<string, unknown> = Object.create(null);
    for (const [k, v] of Object.entries(extra)) if (!Object.hasOwn(body, k)) o[k] = v;
    Object.assign(o, body);
    return o;
  });
}

/** JSON text that does not parse, or parses into something pathological. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    "{'a': 1}",
    '{"a": 1,}',
    '[1, 2',
    'NaN',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": undefined}',
    '\ufeff{}x',
    '{"a":"\\ud800"',
    'null null',
    '{"__proto__": {"polluted": true}',
    `{"n": ${'9'.repeat(5000)}`,
    '\u0000',
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n - 1)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((t) => {
    try {
      JSON.parse(t);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Valid JSON text that is surely not the declared object (deep nesting, long numbers, etc.). */
function pathologicalJson(s: JsonSchema): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.integer({ min: 500, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
      fc.integer({ min: 400, max: 5000 }).map((n) => '1'.repeat(n)),
      fc.integer({ min: 400, max: 5000 }).map((n) => `-0.${'0'.repeat(n)}1e99999`),
      fc.constant('"__proto__"'),
    )
    .filter((t) => surelyInvalid(s, JSON.parse(t)));
}

const wrongContentTypes = [
  'text/plain',
  'text/plain;charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json-patch',
  'image/png',
];

/** A body case for a JSON operation: bad object, bad top-level value, bad text, wrong type. */
export function jsonBodyCase(
  s: JsonSchema,
): fc.Arbitrary<{ kind: string; body: string; contentType: string | undefined }> {
  const json = 'application/json';
  const object = badObject(s);
  const wrongType = wrongTypeValues(s);
  type Case = { kind: string; body: string; contentType: string | undefined };
  const cases: fc.Arbitrary<Case>[] = [
    malformedJson.map((t) => ({ kind: 'body: malformed JSON', body: t, contentType: json })),
    pathologicalJson(s).map((t) => ({
      kind: 'body: pathological JSON',
      body: t,
      contentType: json,
    })),
  ];
  if (object)
    cases.push(
      object.map((v) => ({ kind: 'body: bad field', body: JSON.stringify(v), contentType: json })),
    );
  if (wrongType)
    cases.push(
      wrongType.map((v) => ({
        kind: 'body: wrong type',
        body: JSON.stringify(v),
        contentType: json,
      })),
    );
  // Without a JSON content type the body is read as {}: invalid only when fields are required.
  if (object && s.required?.length)
    cases.push(
      fc
        .tuple(object, fc.constantFrom<string | undefined>(...wrongContentTypes, undefined))
        .map(([v, ct]) => ({
          kind: 'body: wrong content type',
          body: ct?.includes('form') ? 'a=1&__proto__[x]=1' : JSON.stringify(v),
          contentType: ct,
        })),
    );
  return fc.oneof(...cases);
}

// ---------- path and query ----------

/** A value of the right shape for a path parameter, pointing at nothing that exists. */
export function plausiblePathValue(p: Parameter): string {
  const s = p.schema;
  if (s.format === 'uuid') return crypto.randomUUID();
  if (s.pattern?.startsWith('^PNT-')) return 'PNT-ZZZZ-ZZZZ';
  if (s.pattern) return 'tidak-ada-sama-sekali';
  return `tidak-ada-${crypto.randomBytes(4).toString('hex')}`;
}

/** encodeURIComponent that also encodes lone surrogates (as their invalid UTF-8 bytes). */
export function pct(s: string): string {
  let out = '';
  for (const ch of s) {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff)
      out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Raw (already percent-encoded) hostile path segments. */
const rawSegments = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'abc%00def',
  '%ED%A0%80',
  '%E2%80%AE',
  '%C0%AE%C0%AE',
  '%',
  '%zz',
  '1%20OR%201%3D1',
  '%3Cscript%3E',
  '-1',
  '0',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-00000000000g',
  '00000000000000000000000000000000',
];

export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...rawSegments),
  fc.integer({ min: 65, max: 4000 }).map((n) => 'a'.repeat(n)),
  hostileString.map((x) => pct(x.slice(0, 1000))),
);

/** One broken query parameter: a bad value, a repeated key, or bracket syntax. */
export function badQuery(p: Parameter): fc.Arbitrary<{ query: string; invalid: boolean }> {
  const key = pct(p.name);
  const types = typesOf(p.schema) ?? [];
  const numeric = types.includes('integer') || types.includes('number');
  // URLs stay under Node's 16 KB header limit (above it Node itself answers 431, before the app).
  const constants = [
    'abc',
    '1.5',
    '0',
    '-1',
    '1e999',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    '0x10',
    '',
    ' ',
    String((p.schema.maximum ?? 1e9) + 1),
    'x'.repeat((p.schema.maxLength ?? 200) + 1),
  ];
  const values = fc.oneof(
    hostileString.map((v) => v.slice(0, 1000)),
    fc.constantFrom(...constants),
  );
  const single = values
    .filter((v) => queryValueSurelyInvalid(p.schema, v))
    .map((v) => ({ query: `${key}=${pct(v)}`, invalid: true }));
  const repeated = fc
    .tuple(
      numeric ? fc.constantFrom('1', '2') : fc.constantFrom('a', 'b'),
      fc.integer({ min: 2, max: 50 }),
    )
    .map(([v, n]) => ({
      query: Array.from({ length: n }, () => `${key}=${v}`).join('&'),
      invalid: queryValueSurelyInvalid(p.schema, Array(n).fill(v) as string[]),
    }));
  const brackets = fc.constant({
    query: `${key}[]=1&${key}[__proto__][x]=1&__proto__[polluted]=1&constructor[prototype][x]=1`,
    // Bracketed keys are other keys; only the noise is hostile here.
    invalid: false,
  });
  // A parameter that takes any string has no surely invalid value: filtering for one would never
  // end, so it gets only the repeated and bracketed keys.
  const breakable = constants.some((v) => queryValueSurelyInvalid(p.schema, v));
  return breakable ? fc.oneof(single, repeated, brackets) : fc.oneof(repeated, brackets);
}

/** Junk query strings for operations without declared inputs. */
export const junkQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__[polluted]=1',
    'constructor[prototype][x]=1',
    'a=1&a=2&a=3',
    'page=-1&pageSize=999999',
    '%00=%00',
    '%=%',
    `q=${'x'.repeat(8000)}`,
  ),
  fc
    .array(fc.tuple(hostileString, hostileString), { maxLength: 4 })
    .map((kv) => kv.map(([k, v]) => `${pct(k.slice(0, 500))}=${pct(v.slice(0, 500))}`).join('&')),
);

// ---------- multipart ----------

const boundary = '----hostile7MA4YWxkTrZu0gW';

/** Garbage multipart bodies and content types for the upload endpoints. */
export const garbageMultipart: fc.Arbitrary<{
  kind: string;
  body: Uint8Array;
  contentType: string | undefined;
}> = fc.oneof(
  // A file part with random bytes claiming to be an image or a PDF.
  fc
    .tuple(
      fc.uint8Array({ minLength: 0, maxLength: 4000 }),
      fc.constantFrom(
        'image/png',
        'image/jpeg',
        'application/pdf',
        'text/html',
        'application/x-msdownload',
      ),
      fc.constantFrom(
        'a.png',
        '../../etc/passwd',
        '\u202egnp.exe',
        'x'.repeat(3000),
        '%00.pdf',
        '',
      ),
    )
    .map(([bytes, type, name]) => {
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      return {
        kind: 'multipart: random bytes',
        body: new Uint8Array(Buffer.concat([head, bytes, tail])),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }),
  // The file field sent as text, under other names, or not at all.
  fc.constantFrom('file', 'files', '__proto__', 'constructor', 'other').map((name) => ({
    kind: 'multipart: no file',
    body: new Uint8Array(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ),
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  })),
  // Broken framing: wrong boundary, truncated, no boundary parameter, not multipart at all.
  fc
    .tuple(
      fc.constantFrom(
        `multipart/form-data; boundary=other`,
        'multipart/form-data',
        `multipart/form-data; boundary=${boundary}`,
        'application/json',
        'application/x-www-form-urlencoded',
        'image/png',
        undefined,
      ),
      fc.constantFrom(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
        `--${boundary}--`,
        '{"file": "AAAA"}',
        'file=AAAA',
        '',
        '\u0000\u0000\u0000',
      ),
    )
    .map(([contentType, text]) => ({
      kind: 'multipart: broken framing',
      body: new Uint8Array(Buffer.from(text, 'binary')),
      contentType,
    })),
);

// ---------- the answer ----------

const englishStart =
  /^(invalid|expected|required|string|number|array|object|unrecognized|too (small|big|long|short)|unexpected|malformed|bad request|not found|internal|unauthori[sz]ed|forbidden|method not allowed|payload|unsupported|cannot|failed)/i;
const englishWords =
  /\b(expected|received|invalid input|must be|must have|is required|malformed|not allowed|unexpected token|should be|failed to)\b/i;
const indonesianWords =
  /\b(tidak|wajib|harus|silakan|terlalu|maksimal|minimal|ditolak|ditemukan|sandi|masuk|diizinkan|gagal|coba|berkas|pilih|akses|salah|belum|sudah|dalam|atau|dengan|hanya|karakter|kosong|isi|alamat|permintaan|masukan|data|kirim|ukuran|tipe|periode|nama|dipilih|yang|untuk|dari|pada|ini|itu|adalah|berupa|bukan|ada|kode|undangan|tanggal|angka|nomor|antara|sebelum|setelah|paling|lebih|kurang|tautan|gambar|foto|teks|halaman|pemilihan|kandidat|sesi|tunggu|terjadi|kesalahan)\b/i;

// A validator's type talk ("diharapkan number, diterima NaN", "<=64") is Indonesian yet tells a
// person nothing.
const technical = /\b(diharapkan|diterima|NaN|undefined|null|instanceof|regex)\b|<=|>=|"\|"/;

/** True when the message reads as plain Indonesian rather than a library's default. */
export function looksIndonesian(message: string): boolean {
  return (
    message.trim().length > 0 &&
    !technical.test(message) &&
    !englishStart.test(message.trim()) &&
    !englishWords.test(message) &&
    indonesianWords.test(message)
  );
}
