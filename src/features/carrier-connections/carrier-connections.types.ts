import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { CarrierConnectionSourceEnum, CarrierEnum } from '../../graphql/enums';
import { DateTimeScalar } from '../../graphql/scalars';

@ObjectType('CarrierConnection', { description: "The organization's carrier: its own connection, or the deployment default. Secrets are never returned." })
export class CarrierConnectionType {
  @Field(() => CarrierEnum, { description: 'Which carrier places the calls.' })
  type!: 'simulator' | 'sip' | 'twilio';

  @Field(() => CarrierConnectionSourceEnum, { description: "The organization's own connection, or the deployment default." })
  source!: 'organization' | 'default';

  @Field(() => String, { nullable: true, description: 'SIP: the trunk host; null for other carriers.' })
  host!: string | null;

  @Field(() => Int, { nullable: true, description: 'SIP: the trunk port; null for other carriers.' })
  port!: number | null;

  @Field(() => String, { nullable: true, description: 'SIP: the transport (udp); null for other carriers.' })
  transport!: string | null;

  @Field(() => String, { nullable: true, description: 'SIP: the digest user name, if any.' })
  username!: string | null;

  @Field(() => String, { nullable: true, description: 'Twilio: the Account SID; null for other carriers.' })
  accountSid!: string | null;

  @Field(() => [String], { description: 'Caller-ID numbers calls may use; the first is the default. Empty: any.' })
  numbers!: string[];

  @Field(() => Boolean, { nullable: true, description: 'SIP: whether a password is stored (it is never returned).' })
  passwordSet!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Twilio: whether an auth token is stored (it is never returned).' })
  authTokenSet!: boolean | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the organization last changed its connection; null for the default.' })
  updatedAt!: Date | null;
}

@InputType('CarrierConnectionInput', { description: 'SIMULATOR; SIP (host, port, transport, username, password, numbers); TWILIO (accountSid, authToken, numbers). A secret left out is kept.' })
export class CarrierConnectionInput {
  @Field(() => CarrierEnum, { description: 'Which carrier to connect.' })
  type!: 'simulator' | 'sip' | 'twilio';

  @Field(() => String, { nullable: true, description: 'SIP: the trunk host name or IP address.' })
  host?: string | null;

  @Field(() => Int, { nullable: true, description: 'SIP: the trunk port (default 5060).' })
  port?: number | null;

  @Field(() => String, { nullable: true, description: 'SIP: the transport; only udp is supported.' })
  transport?: string | null;

  @Field(() => String, { nullable: true, description: 'SIP: the digest user name, if the trunk asks for one.' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'SIP: the digest password; left out, the stored one is kept for the same host, port and user name.' })
  password?: string | null;

  @Field(() => String, { nullable: true, description: 'Twilio: the Account SID (AC followed by 32 hex characters).' })
  accountSid?: string | null;

  @Field(() => String, { nullable: true, description: 'Twilio: the auth token; left out for the same account, the stored one is kept.' })
  authToken?: string | null;

  @Field(() => [String], { nullable: true, description: 'SIP and Twilio: the E.164 caller-ID numbers calls may use; the first is the default.' })
  numbers?: string[] | null;
}

@ObjectType('CarrierConnectionTest', { description: 'The outcome of testing the carrier connection.' })
export class CarrierConnectionTestType {
  @Field({ description: 'Whether the carrier answered as expected.' })
  ok!: boolean;

  @Field({ description: 'What happened, in words.' })
  message!: string;
}
