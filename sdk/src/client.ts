import { HttpClient, type ClientOptions } from './http';
import { Calls } from './resources/calls';
import { Campaigns } from './resources/campaigns';
import { Suppressions } from './resources/suppressions';

/**
 * The voicegate client. Each group of operations is a resource in ./resources; adding one is a
 * new file there and one line here.
 */
export class Voicegate {
  readonly calls: Calls;
  readonly campaigns: Campaigns;
  readonly suppressions: Suppressions;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.calls = new Calls(http);
    this.campaigns = new Campaigns(http);
    this.suppressions = new Suppressions(http);
  }
}
