import type { ApiResponse } from './http';

/**
 * What every resource method returns: await it for the body, or call `.withResponse()` for the
 * status, headers, request id and whether an idempotent replay answered.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  constructor(private readonly response: Promise<ApiResponse<T>>) {}

  withResponse(): Promise<ApiResponse<T>> {
    return this.response;
  }

  then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    return this.response.then((r) => r.data).then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }
}
