import { Field, InputType, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('AgentLlm', { description: 'The language model that leads conversations. The key is never returned.' })
export class AgentLlmType {
  @Field(() => Boolean, { nullable: true, description: 'The default for calls; null: on when a model is configured.' })
  enabled!: boolean | null;

  @Field({ description: 'Whether a call placed now without `llm` would be led by a language model.' })
  active!: boolean;

  @Field(() => String, { nullable: true, description: "Whose endpoint: organization (its own), deployment (LLM_URL), or null (none)." })
  source!: string | null;

  @Field(() => String, { nullable: true, description: "The organization's own endpoint (never the deployment's)." })
  url!: string | null;

  @Field(() => String, { nullable: true, description: 'The model asked for.' })
  model!: string | null;

  @Field({ description: "Whether the organization's endpoint has a key (it is never returned)." })
  apiKeySet!: boolean;
}

@ObjectType('AgentSettings', { description: "The organization's defaults for its calls' conversations (docs/voice.md)." })
export class AgentSettingsType {
  @Field(() => String, { nullable: true, description: "Who the agent calls on behalf of when a call gives no callerName; null: the organization's name." })
  callerName!: string | null;

  @Field({ description: 'BCP 47; calls without a language of their own use it (default en-US).' })
  language!: string;

  @Field(() => String, { nullable: true, description: "The speech engine's voice; null: the engine's default." })
  voice!: string | null;

  @Field(() => String, { nullable: true, description: 'Extra instructions for the language model (not used by the scripted agent).' })
  instructions!: string | null;

  @Field(() => AgentLlmType, { description: 'The language model that leads conversations.' })
  llm!: AgentLlmType;

  @Field(() => [String], { description: 'Languages the configured speech engines can both speak and hear (a primary tag: any region of it).' })
  supportedLanguages!: string[];

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the settings last changed; null when never set.' })
  updatedAt!: Date | null;
}

@InputType('AgentLlmEndpointInput', { description: "The organization's own OpenAI-compatible chat-completions endpoint; url null goes back to the deployment's." })
export class AgentLlmEndpointInput {
  @Field(() => String, { nullable: true, description: 'The base URL (https://host/v1); null removes the endpoint.' })
  url!: string | null;

  @Field(() => String, { nullable: true, description: 'Its API key; left out, the stored key is kept for the same URL.' })
  apiKey?: string | null;

  @Field(() => String, { nullable: true, description: 'The model to ask for; required with a new URL.' })
  model?: string | null;
}

@InputType('AgentSettingsInput', { description: 'A field left out keeps its value; null clears it. Validated like PUT /dashboard/agent (errors name the REST field).' })
export class AgentSettingsInput {
  @Field(() => String, { nullable: true, description: 'Up to 80 characters, one line.' })
  callerName?: string | null;

  @Field(() => String, { nullable: true, description: 'A BCP 47 tag the speech engines can both speak and hear.' })
  language?: string | null;

  @Field(() => String, { nullable: true, description: "The speech engine's voice name." })
  voice?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether calls use a language model by default (null: yes when one is configured).' })
  llm?: boolean | null;

  @Field(() => AgentLlmEndpointInput, { nullable: true, description: "The organization's own endpoint." })
  llmEndpoint?: AgentLlmEndpointInput | null;

  @Field(() => String, { nullable: true, description: 'Up to 4,000 characters for the language model.' })
  instructions?: string | null;
}
