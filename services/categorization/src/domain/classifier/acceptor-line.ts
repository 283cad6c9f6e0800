import { REGION_CODES, US_STATES } from './places';

/** The card acceptor's name and location as card networks print them: 25 + 13 + 2 characters. */
const ACCEPTOR_NAME = 25;
const ACCEPTOR_LOCATION = 13;
const ACCEPTOR_LINE = ACCEPTOR_NAME + ACCEPTOR_LOCATION + 2;

/**
 * A card line in the networks' fixed layout, "AMORE PIZZA              MECHANICSBURGPA": the
 * name padded to 25 characters, the city to 13, then the state or country. Only where its
 * padding shows (two spaces ending either field), so that free text of 40 characters is left
 * whole; a name that fills its field and a city that fills its own ("PLAZA AZTECA
 * MECHANICSBURMECHANICSBURGPA") cannot be told from free text and are left to the place list.
 */
export function splitAcceptorLine(
  description: string,
): { name: string; location: string } | undefined {
  if (description.length !== ACCEPTOR_LINE) return undefined;
  const region = description.slice(-2).toUpperCase();
  if (!US_STATES.has(region) && !REGION_CODES.has(region)) return undefined;
  const paddedName = description.slice(ACCEPTOR_NAME - 2, ACCEPTOR_NAME) === '  ';
  const end = ACCEPTOR_NAME + ACCEPTOR_LOCATION;
  const paddedCity = description.slice(end - 2, end) === '  ';
  if (!paddedName && !paddedCity) return undefined;
  if (description[ACCEPTOR_NAME] === ' ' || !description.slice(0, ACCEPTOR_NAME).trim())
    return undefined;
  return { name: description.slice(0, ACCEPTOR_NAME), location: description.slice(ACCEPTOR_NAME) };
}
