/**
 * Whether the user's own message may lead to a write in this turn: it asks for one (a verb
 * that changes data) or confirms one that the assistant proposed. Decided on the user's text
 * alone, never on tool results, so instructions hidden in data ("ignore your instructions
 * and …" in a transaction description) cannot turn a question into a write.
 */
const WRITE_VERBS =
  /\b(add|adds|create|record|log|enter|save|put|make|set|change|move|assign|apply|categori[sz]e|recategori[sz]e|re-?categori[sz]e|file|book|mark|new)\b/i;
const CONFIRMATIONS =
  /^\s*(y|ya|yes|yeah|yep|yup|sure|ok|okay|k|confirm|confirmed|correct|right|do it|go ahead|go for it|please do|please|proceed|sounds good|that'?s right|affirmative|absolutely|of course|👍|✅)\b/i;

export function userAsksToWrite(message: string): boolean {
  return WRITE_VERBS.test(message) || CONFIRMATIONS.test(message);
}

export function isConfirmation(message: string): boolean {
  return CONFIRMATIONS.test(message) && message.trim().split(/\s+/).length <= 6;
}

const REFUSALS = /^\s*(n|no|nope|nah|cancel|stop|don'?t|do not|never ?mind|abort)\b/i;

export function isRefusal(message: string): boolean {
  return REFUSALS.test(message);
}
