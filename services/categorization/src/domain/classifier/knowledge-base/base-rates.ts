import type { ConceptId } from '../concepts';

/**
 * How often a transaction on a household's or a small business's statement is each concept,
 * by count, roughly: card statements are mostly meals, groceries, shops and fuel, and a
 * payroll or a tax payment is a few lines a month. Written from general knowledge of card
 * spending (count, not value), before measuring, never fitted to an evaluation set. The keyword
 * model, which has no prior of its own (its training documents are names, not transactions),
 * leans on these when a description says little ("TASTY HARMONY", "THE SUMMIT"); concepts not
 * listed share the rest.
 */
export const BASE_RATES: Partial<Record<ConceptId, number>> = {
  dining: 0.16,
  groceries: 0.13,
  shopping: 0.08,
  fuel: 0.06,
  food_delivery: 0.03,
  bar: 0.03,
  transfer: 0.04,
  public_transport: 0.03,
  rideshare: 0.02,
  parking_tolls: 0.02,
  streaming: 0.02,
  software: 0.02,
  entertainment: 0.02,
  alcohol: 0.015,
  pharmacy: 0.015,
  clothing: 0.015,
  personal_care: 0.01,
  medical: 0.01,
  phone_internet: 0.01,
  energy: 0.01,
  card_repayment: 0.01,
  cash_withdrawal: 0.01,
  salary: 0.01,
  hardware: 0.01,
  electronics: 0.01,
  airline: 0.005,
  accommodation: 0.005,
  gym: 0.005,
  insurance: 0.005,
  bank_fee: 0.005,
  pets: 0.005,
  books: 0.005,
  office_supplies: 0.005,
  postage: 0.005,
};
