import { HttpClient, type ClientOptions } from './http';
import { Calls } from './resources/calls';

/**
 * The voicegate client. Each group of operations is a resource in ./resources; adding one
 * (campaigns, suppressions) is a new file there and one line here.
 */
export class Voicegate {
  readonly calls: Calls;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.calls = new Calls(http);
  }
}
