import { GraphQLJSON } from 'graphql-scalars';
import { Field, InputType, ObjectType } from 'type-graphql';
import { TransferModeEnum } from '../../graphql/enums';
import { DateTimeScalar } from '../../graphql/scalars';
import type { TransferMode } from './call.entity';

@ObjectType('TransferAnswerRule', { description: "Hand over when this question's answer equals the value." })
export class TransferAnswerRuleType {
  @Field({ description: 'The question key.' })
  key!: string;

  @Field(() => GraphQLJSON, { description: 'The value (a string, number or boolean); strings compared without case.' })
  equals!: string | number | boolean;
}

@ObjectType('TransferWhen', { description: 'When the agent hands a call to its transferTo.' })
export class TransferWhenType {
  @Field({ description: 'The callee asks for a person.' })
  calleeAsks!: boolean;

  @Field(() => String, { nullable: true, description: 'The callee presses this key.' })
  digit!: string | null;

  @Field(() => TransferAnswerRuleType, { nullable: true, description: "A question's answer matches." })
  answer!: TransferAnswerRuleType | null;
}

@ObjectType('Transfer', { description: 'What became of a call handed to a person.' })
export class TransferType {
  @Field(() => TransferModeEnum, { description: 'How it was handed over.' })
  mode!: TransferMode;

  @Field({ description: 'The person answered.' })
  answered!: boolean;

  @Field(() => String, { nullable: true, description: 'Why it did not happen (null when answered); the agent then took a message.' })
  failureReason!: string | null;

  @Field(() => DateTimeScalar, { description: 'When the outcome was known.' })
  at!: Date;
}

@InputType('TransferAnswerRuleInput', { description: "Hand over when this question's answer equals the value." })
export class TransferAnswerRuleInput {
  @Field({ description: 'The question key.' })
  key!: string;

  @Field(() => GraphQLJSON, { description: 'A string, number or boolean; strings compared without case.' })
  equals!: string | number | boolean;
}

@InputType('TransferWhenInput', { description: 'When to hand the call to transferTo (at least one; default: the callee asks).' })
export class TransferWhenInput {
  @Field(() => Boolean, { nullable: true, description: 'true: the callee may ask for a person.' })
  calleeAsks?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The callee presses this key (0-9, * or #).' })
  digit?: string | null;

  @Field(() => TransferAnswerRuleInput, { nullable: true, description: "A question's answer matches." })
  answer?: TransferAnswerRuleInput | null;
}
