/** The progress line of `svc-policy eval` on standard error. */

const int = new Intl.NumberFormat('en-US');

/** Bytes as people read them: 912 B, 3.4 MB, 1.2 GB. */
function bytesText(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let x = n / 1000;
  let u = 0;
  while (x >= 1000 && u < units.length - 1) {
    x /= 1000;
    u++;
  }
  return `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} ${units[u]}`;
}

/** A duration for the ETA: 42 s, 3 min 05 s, 1 h 12 min. */
function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * The progress line on standard error, redrawn at most ten times a second: records, records/s, bytes
 * read of the total (when the input is a regular file) and the time left at the current rate.
 */
export function progressLine(count: number, bytes: number, size: number | null, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  const parts = [`${int.format(count)} records`, `${int.format(Math.round(count / seconds))} records/s`];
  if (size !== null && size > 0) {
    const ratio = Math.min(1, bytes / size);
    parts.push(`${bytesText(bytes)} of ${bytesText(size)} (${(ratio * 100).toFixed(0)}%)`);
    if (bytes > 0 && ratio < 1) parts.push(`ETA ${durationText((seconds * (size - bytes)) / bytes)}`);
  } else parts.push(`${bytesText(bytes)} read`);
  return parts.join(', ');
}

export function progressBar(size: number | null) {
  const stream = process.stderr;
  // The first tick draws at once: performance.now() counts from the start of the process.
  let last = Number.NEGATIVE_INFINITY;
  let bytes = 0;
  const started = performance.now();
  const draw = (count: number) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    // Redrawn in place on a terminal; a new line each time elsewhere (--progress into a file or CI log).
    const head = stream.isTTY ? '\r' : '';
    const tail = stream.isTTY ? '\u001b[K' : '\n';
    stream.write(`${head}${progressLine(count, bytes, size, now - started)}${tail}`);
  };
  return {
    bytes: (n: number) => {
      bytes = n;
    },
    tick: (count: number) => draw(count),
    done: () => {
      if (stream.isTTY) stream.write('\r\u001b[K');
    },
  };
}

/** Whether to show the progress line: forced by --progress or --no-progress, else on a terminal outside CI. */
export function wantsProgress(values: {
  progress?: boolean | undefined;
  'no-progress'?: boolean | undefined;
}): boolean {
  if (values['no-progress'] === true) return false;
  if (values.progress === true) return true;
  const ci = process.env.CI;
  return process.stderr.isTTY === true && (ci === undefined || ci === '' || ci === 'false' || ci === '0');
}
