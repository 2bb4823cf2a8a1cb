/**
 * The greetings of the machine-detection corpus (bench/amd-corpus/): what people, answering
 * machines and call-screening assistants say when they pick up. Each is rendered in every voice of
 * its set; a machine greeting is played twice by the bench, with a beep after it and without.
 */

export type GreetingClass = 'human_short' | 'human_long' | 'machine' | 'screening';

export const GREETINGS: Array<[GreetingClass, string]> = [
  ['human_short', 'Hello?'],
  ['human_short', 'Hi.'],
  ['human_short', 'Yes?'],
  ['human_short', 'Hello, yes?'],
  ['human_short', 'Speaking.'],
  ['human_short', "Hello, who's this?"],
  ['human_short', 'Yeah, hello?'],
  ['human_long', 'Hello, this is Maria from accounting, who is this?'],
  ['human_long', 'Hi, this is David speaking, how can I help you?'],
  ['human_long', 'Good afternoon, Johnson residence, Sarah speaking.'],
  ['human_long', "Hello? Yes, this is Robert, who's calling please?"],
  ['human_long', 'Hi there, this is Linda, what can I do for you?'],
  ['machine', "Hi, you've reached John Smith. I can't come to the phone right now. Please leave a message after the tone."],
  ['machine', 'The person you are trying to reach is not available. At the tone, please record your message.'],
  ['machine', "Hello, this is Maria. Sorry I missed your call. Leave your name and number and I'll get back to you as soon as possible."],
  ['machine', 'You have reached the voicemail of five five five, zero one two three. Please leave a message.'],
  ['machine', "Hey, it's Mike. Leave a message."],
  ['machine', 'Thank you for calling Acme Dental. Our office is currently closed. Please leave a message and we will return your call.'],
  ['machine', "Hi, you've reached Sarah and James. We're not home right now, so leave us a message after the beep."],
  ['screening', "Hi, the person you're calling is using a screening service from Google, and will get a copy of this conversation. Go ahead and say your name and why you're calling."],
  ['screening', "Hi, if you record your name and reason for calling, I'll see if this person is available."],
  ['screening', 'Hello, the person you are calling is using a call screening service. Please state your name and the reason for your call.'],
];

/** Voices: the thresholds were set looking at the tune set only; the holdout set is only measured. */
export const VOICES: Record<'tune' | 'holdout', string[]> = {
  tune: ['en-us', 'en-gb+f3', 'en-us+m4'],
  holdout: ['en-gb-scotland', 'en-029'],
};

/** Words a minute, chosen per utterance by a seeded generator. */
export const SPEEDS = [140, 155, 170, 185];
