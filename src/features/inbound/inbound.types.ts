import { Field, InputType, ObjectType } from 'type-graphql';
import { DateTimeScalar, UrlScalar } from '../../graphql/scalars';
import { QuestionInput, QuestionType } from '../calls';

@ObjectType('InboundSettings', { description: "What the agent does when someone calls one of the organization's numbers. Off until saved." })
export class InboundSettingsType {
  @Field({ description: 'Whether calls to the organization\'s numbers are answered (false: SIP 480, Twilio <Reject/>).' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'What the agent says first; null: the default greeting.' })
  greeting!: string | null;

  @Field(() => String, { nullable: true, description: 'What the agent tells the caller after the greeting.' })
  task!: string | null;

  @Field(() => [QuestionType], { description: 'The questions the agent asks the caller, in order.' })
  questions!: QuestionType[];

  @Field(() => UrlScalar, { nullable: true, description: "Where inbound calls' events go; null: the organization's webhook URL." })
  webhookUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'Where a caller may be transferred (E.164, or a SIP URI on a SIP connection).' })
  transferTo!: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the settings were last saved; null when they never were.' })
  updatedAt!: Date | null;
}

@InputType('InboundSettingsInput', { description: 'The whole inbound settings (a field left out is cleared); validated like PUT /dashboard/inbound.' })
export class InboundSettingsInput {
  @Field({ description: 'Answer calls to the organization\'s numbers.' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'What the agent says first (up to 1000 characters, one line).' })
  greeting?: string | null;

  @Field(() => String, { nullable: true, description: 'What the agent tells the caller after the greeting (up to 8000 characters).' })
  task?: string | null;

  @Field(() => [QuestionInput], { nullable: true, description: 'Up to 50 questions, keys unique.' })
  questions?: QuestionInput[] | null;

  @Field(() => String, { nullable: true, description: "Where inbound calls' events go; null: the organization's webhook URL." })
  webhookUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Where a caller may be transferred: E.164, or a SIP URI on a SIP connection.' })
  transferTo?: string | null;
}
