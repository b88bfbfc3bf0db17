/** Fire and forget: sendBeacon survives the page being closed; fetch keepalive where it is missing. */
export function send(url: string, body: unknown) {
  const data = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, new Blob([data], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon; the fetch below does the same job.
  }
  void fetch(url, {
    method: 'POST',
    body: data,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}
