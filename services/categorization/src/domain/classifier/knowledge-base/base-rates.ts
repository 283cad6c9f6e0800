import type { ConceptId } from '../concepts';

/**
 * How often a transaction on a household's or a small business's statement is each concept,
 * by count, roughly, among the merchants the knowledge base does not know: card statements
 * are mostly meals, groceries, shops and fuel, and a payroll or a tax payment is a few lines a
 * month. Written from general knowledge of card spending (count, not value), never fitted to an
 * evaluation set. The keyword model, which has no prior of its own (its training documents are
 * names, not transactions), leans on these when a description says little ("TASTY HARMONY",
 * "THE SUMMIT"); concepts not listed share the rest.
 *
 * Among merchants no list knows, not among all: a known merchant's line is decided by the
 * merchant, so these only count for the long tail, where independent restaurants, cafés and
 * bars are far more common than independent grocers or service stations (the chains the
 * knowledge base names sell most groceries and fuel). Until 2026-11-27 they were rates over all
 * lines (dining 0.16, groceries 0.13, fuel 0.06, bar 0.03).
 */
export const BASE_RATES: Partial<Record<ConceptId, number>> = {
  dining: 0.22,
  groceries: 0.07,
  shopping: 0.08,
  fuel: 0.03,
  food_delivery: 0.03,
  bar: 0.04,
  transfer: 0.04,
  public_transport: 0.03,
  rideshare: 0.02,
  parking_tolls: 0.02,
  car_service: 0.015,
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

/**
 * How much likelier (or rarer) each concept is than BASE_RATES says among unknown merchants that
 * sell online, named by a web domain or paid through a web shop's processor ("GRASSHOPPER.COM",
 * "KLARNA*ASKET.COM", "PAYPAL *BUXFER"): online shops, software and subscriptions, digital media,
 * bookings and donations are far commoner there, and the local café or bar that leads BASE_RATES
 * takes its card at a till under its own name. Factors rather than rates of their own, so that a
 * concept no one thought of online keeps its ordinary rate and a word that says it
 * ("PANTHERTAXIS.CO.UK") is still heard. Written from general knowledge of online card spending
 * on 2026-11-28, never fitted to an evaluation set; concepts not listed: 1.
 */
export const ONLINE_RATE_FACTORS: Partial<Record<ConceptId, number>> = {
  dining: 0.15,
  bar: 0.1,
  groceries: 0.3,
  alcohol: 0.5,
  fuel: 0.05,
  parking_tolls: 0.5,
  cash_withdrawal: 0.1,
  personal_care: 0.5,
  medical: 0.5,
  shopping: 3,
  software: 5,
  streaming: 3,
  clothing: 3,
  electronics: 4,
  books: 4,
  entertainment: 2,
  office_supplies: 3,
  accommodation: 4,
  airline: 4,
  education: 2,
  donations: 2,
  memberships: 2,
  phone_internet: 2,
  advertising: 2,
  postage: 2,
  gambling: 3,
  crowdfunding: 3,
};
