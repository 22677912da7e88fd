// Downloads one Printful picture for the pipeline, within a time and a size: a slow host or a huge
// file costs the sync a bounded wait, never the run (docs/performance.md#product-pictures).

export class PictureFetchError extends Error {
  constructor(
    readonly reason: 'not-found' | 'unreachable' | 'timeout' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'PictureFetchError';
  }
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export async function fetchPicture(url: string, limits: FetchLimits): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const res = await fetch(url, { signal, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      throw new PictureFetchError(
        res.status === 404 || res.status === 410 ? 'not-found' : 'unreachable',
        `Printful answered ${res.status} for the picture`,
      );
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > limits.maxBytes) {
      await res.body?.cancel();
      throw new PictureFetchError('too-large', `the picture is ${declared} bytes, over ${limits.maxBytes}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel();
        throw new PictureFetchError('too-large', `the picture is over ${limits.maxBytes} bytes`);
      }
      chunks.push(Buffer.from(read.value));
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof PictureFetchError) throw error;
    if (signal.aborted) throw new PictureFetchError('timeout', `no picture within ${limits.timeoutMs} ms`);
    throw new PictureFetchError('unreachable', `the picture could not be downloaded (${String(error)})`);
  }
}
