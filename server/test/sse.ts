/** One server-sent event as read off the wire. */
export type SseEvent = { event: string; data: string; raw: string };

/**
 * Opens a server-sent event stream as a browser would and collects its events until closed.
 * `headers` carries a session cookie when the stream needs one.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  const reading = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            raw
              .split('\n')
              .filter((line) => line.startsWith(`${name}: `))
              .map((line) => line.slice(name.length + 2))
              .join('\n');
          events.push({ event: field('event') || 'message', data: field('data'), raw });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    res,
    events,
    /** The names of the events read so far. */
    names: () => events.map((e) => e.event),
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Waits until `check` holds, polling every 20 ms; throws after `ms`. */
export async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
