import type { AgentScript } from '../../src/voice/dialog/dialog-policy';
import { scriptPrompts } from '../../src/voice/dialog/prompts';

/** A call's script like the ones integrators send: its prompts are what the agent really says. */
const SCRIPT: AgentScript = {
  callerName: 'Acme Dental',
  task: "We are calling to confirm tomorrow's appointment with Doctor Rivera.",
  questions: [
    { key: 'confirmed', question: 'Can you make it tomorrow afternoon?', type: 'boolean' as const },
    { key: 'people', question: 'How many people will come with you?', type: 'number' as const },
    { key: 'day', question: 'Which day of the week works best for you?', type: 'enum' as const, options: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
  ],
  voicemailMessage: 'Please call us back at your convenience to confirm your appointment.',
};

/** The agent's prompts (each once), from the same code the calls use. */
export const PROMPTS: string[] = [...new Set(scriptPrompts(SCRIPT))];

/**
 * Phonetically balanced sentences (the Harvard sentences, IEEE 1969, lists 1 and 2: public
 * domain), for words the prompts do not have.
 */
export const SENTENCES: string[] = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
  'The boy was there when the sun rose.',
  'A rod is used to catch pink salmon.',
  'The source of the huge river is the clear spring.',
  'Kick the ball straight and follow through.',
  'Help the woman get back to her feet.',
  'A pot of tea helps to pass the evening.',
  'Smoky fires lack flame and heat.',
  'The soft cushion broke the man\'s fall.',
  'The salt breeze came across from the sea.',
  'The girl at the booth sold fifty bonds.',
];
