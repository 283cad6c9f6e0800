// Writes services/categorization/src/domain/classifier/knowledge-base/brands.generated.ts: the
// chain brands of OpenStreetMap's name-suggestion-index (what each brand's shops are: a fuel
// station, a fast-food chain, a clothes shop…), mapped onto the classifier's concepts.
//
// Source: github:osmlab/name-suggestion-index @ c8b272ef0f882ee76c5ac8bd2912d5db4d63cf30,
//   data/brands/**/*.json. Licence: BSD 3-Clause, © name-suggestion-index contributors
//   (the generated file carries the notice).
// Usage: node tools/brand-knowledge/generate.mjs [mirror git dir]
//   (bring the repository onto the machine first with the library's `fetch`).
//
// Kept: brands present in the countries whose defaults and languages the service has (AU, GB, US,
// CA, NZ, IE, DE, AT, CH, FR, BE, ES, IT, NL) or everywhere, written in Latin letters, whose OSM
// tag says what is sold (TAG_CONCEPTS below; banks, offices and the like are left out: a bank's
// name on a statement line is the rail, not what was bought). Left out as too likely to be an
// everyday word at the start of a local business's name: one-word brands of fewer than four
// letters, that are English words (word-list) or first names (human-names); the hand-written merchants.ts has the famous
// ones ("Shell", "Target", "Next"). A name claimed by brands of two concepts is left out.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wordListPath from 'word-list';

const COMMIT = 'c8b272ef0f882ee76c5ac8bd2912d5db4d63cf30';
const mirror = process.argv[2] ?? '/work/.mirror/osmlab+name-suggestion-index/repo';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = join(
  root,
  'services/categorization/src/domain/classifier/knowledge-base/brands.generated.ts',
);

const COUNTRIES = new Set([
  '001',
  'us',
  'gb',
  'au',
  'ca',
  'nz',
  'ie',
  'de',
  'at',
  'ch',
  'fr',
  'be',
  'es',
  'it',
  'nl',
]);

/** OSM tag (the file under data/brands) → [concept, kind?]. */
const TAG_CONCEPTS = {
  'amenity/fast_food': ['dining', 'fast_food'],
  'amenity/restaurant': ['dining'],
  'amenity/cafe': ['dining', 'coffee'],
  'shop/coffee': ['dining', 'coffee'],
  'amenity/ice_cream': ['dining'],
  'shop/bakery': ['dining'],
  'shop/pastry': ['dining'],
  'amenity/bar': ['bar'],
  'amenity/pub': ['bar'],
  'shop/supermarket': ['groceries'],
  'shop/convenience': ['groceries'],
  'shop/greengrocer': ['groceries'],
  'shop/butcher': ['groceries'],
  'shop/deli': ['groceries'],
  'shop/frozen_food': ['groceries'],
  'shop/seafood': ['groceries'],
  'shop/dairy': ['groceries'],
  'shop/cheese': ['groceries'],
  'shop/health_food': ['groceries'],
  'shop/alcohol': ['alcohol'],
  'shop/wine': ['alcohol'],
  'amenity/fuel': ['fuel'],
  'amenity/charging_station': ['fuel'],
  'tourism/hotel': ['accommodation'],
  'tourism/motel': ['accommodation'],
  'tourism/hostel': ['accommodation'],
  'tourism/caravan_site': ['accommodation'],
  'tourism/theme_park': ['entertainment'],
  'amenity/cinema': ['entertainment'],
  'leisure/bowling_alley': ['entertainment'],
  'leisure/amusement_arcade': ['entertainment'],
  'leisure/escape_game': ['entertainment'],
  'leisure/trampoline_park': ['entertainment'],
  'leisure/indoor_play': ['entertainment'],
  'leisure/miniature_golf': ['entertainment'],
  'amenity/karaoke_box': ['entertainment'],
  'shop/ticket': ['entertainment'],
  'amenity/casino': ['gambling'],
  'amenity/gambling': ['gambling'],
  'shop/bookmaker': ['gambling'],
  'shop/lottery': ['gambling'],
  'leisure/adult_gaming_centre': ['gambling'],
  'leisure/fitness_centre': ['gym'],
  'leisure/sports_centre': ['gym'],
  'amenity/pharmacy': ['pharmacy'],
  'shop/chemist': ['pharmacy'],
  'shop/nutrition_supplements': ['pharmacy'],
  'amenity/clinic': ['medical'],
  'amenity/dentist': ['medical'],
  'amenity/doctors': ['medical'],
  'amenity/hospital': ['medical'],
  'shop/optician': ['medical'],
  'shop/hearing_aids': ['medical'],
  'shop/medical_supply': ['medical'],
  'healthcare/audiologist': ['medical'],
  'healthcare/laboratory': ['medical'],
  'healthcare/physiotherapist': ['medical'],
  'healthcare/sample_collection': ['medical'],
  'healthcare/dialysis': ['medical'],
  'healthcare/rehabilitation': ['medical'],
  'healthcare/counselling': ['medical'],
  'amenity/veterinary': ['pets'],
  'shop/pet': ['pets', 'pet_supplies'],
  'shop/clothes': ['clothing'],
  'shop/shoes': ['clothing'],
  'shop/fashion_accessories': ['clothing'],
  'shop/bag': ['clothing'],
  // General department stores (Navy Exchange, Debenhams, El Corte Inglés) sell everything.
  'shop/department_store': ['shopping'],
  'shop/tailor': ['clothing'],
  'shop/electronics': ['electronics'],
  'shop/computer': ['electronics'],
  'shop/hifi': ['electronics'],
  'shop/camera': ['electronics'],
  'shop/appliance': ['electronics'],
  'shop/video_games': ['electronics'],
  'shop/mobile_phone': ['phone_internet', 'mobile'],
  'shop/telecommunication': ['phone_internet'],
  'office/telecommunication': ['phone_internet'],
  'shop/doityourself': ['hardware'],
  'shop/hardware': ['hardware'],
  'shop/paint': ['hardware'],
  'shop/trade': ['hardware'],
  'shop/garden_centre': ['hardware'],
  'shop/tiles': ['hardware'],
  'shop/flooring': ['hardware'],
  'shop/power_tools': ['hardware'],
  'shop/tool_hire': ['hardware'],
  'shop/furniture': ['furniture'],
  'shop/bed': ['furniture'],
  'shop/kitchen': ['furniture'],
  'shop/interior_decoration': ['furniture'],
  'shop/houseware': ['furniture'],
  'shop/household_linen': ['furniture'],
  'shop/lighting': ['furniture'],
  'shop/carpet': ['furniture'],
  'shop/curtain': ['furniture'],
  'shop/window_blind': ['furniture'],
  'shop/bathroom_furnishing': ['furniture'],
  'shop/books': ['books'],
  'shop/newsagent': ['books'],
  'shop/stationery': ['office_supplies'],
  'shop/copyshop': ['office_supplies'],
  'shop/printer_ink': ['office_supplies'],
  'shop/toys': ['shopping'],
  'shop/gift': ['shopping'],
  'shop/variety_store': ['shopping'],
  'shop/sports': ['shopping'],
  'shop/outdoor': ['shopping'],
  'shop/bicycle': ['shopping'],
  'shop/craft': ['shopping'],
  'shop/art': ['shopping'],
  'shop/party': ['shopping'],
  'shop/music': ['shopping'],
  'shop/musical_instrument': ['shopping'],
  'shop/model': ['shopping'],
  'shop/games': ['shopping'],
  'shop/fabric': ['shopping'],
  'shop/second_hand': ['shopping'],
  'shop/charity': ['shopping'],
  'shop/general': ['shopping'],
  'shop/catalogue': ['shopping'],
  'shop/jewelry': ['shopping'],
  'shop/watches': ['shopping'],
  'shop/florist': ['shopping'],
  'shop/baby_goods': ['shopping'],
  'shop/cosmetics': ['personal_care'],
  'shop/perfumery': ['personal_care'],
  'shop/beauty': ['personal_care'],
  'shop/hairdresser': ['personal_care', 'hair'],
  'shop/massage': ['personal_care'],
  'shop/tattoo': ['personal_care'],
  'shop/car_repair': ['car_service'],
  'shop/tyres': ['car_service'],
  'shop/car_parts': ['car_service'],
  'amenity/car_wash': ['car_service'],
  'amenity/vehicle_inspection': ['car_service'],
  'amenity/car_rental': ['car_rental'],
  'amenity/parking': ['parking_tolls'],
  'amenity/bicycle_rental': ['rideshare'],
  'amenity/car_sharing': ['rideshare'],
  'amenity/post_office': ['postage'],
  'amenity/parcel_locker': ['postage'],
  'amenity/childcare': ['childcare'],
  'amenity/kindergarten': ['childcare'],
  'amenity/driving_school': ['education'],
  'amenity/language_school': ['education'],
  'amenity/music_school': ['education'],
  'amenity/prep_school': ['education'],
  'shop/dry_cleaning': ['dry_cleaning'],
  'shop/laundry': ['dry_cleaning'],
  'office/insurance': ['insurance'],
  'office/coworking': ['coworking'],
  'shop/storage_rental': ['storage'],
};

const git = (...args) =>
  execFileSync('git', ['--git-dir', mirror, ...args], { maxBuffer: 1 << 28 }).toString();

const english = new Set(readFileSync(wordListPath, 'utf8').split('\n'));
const latin = /^[\x20-\x7E\u00C0-\u017F’]+$/;
const words = (name) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

// First names in the service's languages (human-names): "ALICE SMITH" is a person paid, not
// the Alice pizza chain.
const namesDir = join(dirname(createRequire(import.meta.url).resolve('human-names')), 'data');
const firstNames = new Set(
  readdirSync(namesDir).flatMap((file) =>
    JSON.parse(readFileSync(join(namesDir, file), 'utf8')).flatMap((n) => words(n)),
  ),
);

function inCountries(locationSet) {
  return (locationSet?.include ?? []).some(
    (c) =>
      typeof c === 'string' &&
      COUNTRIES.has(
        c
          .toLowerCase()
          .replace(/\.geojson$/, '')
          .split('-')[0],
      ),
  );
}

// Aliases of two or more words that are an everyday phrase before they are a brand: bars and
// cafés are called "My Place" far more often than MyPlace's storage units are written so.
const EVERYDAY_PHRASES = new Set(['my place']);

function usable(name) {
  if (!latin.test(name) || name.includes('|')) return false;
  // Numbers fall away when a description is normalised: "Big 5" is matched as BIG.
  const w = words(name).filter((word) => !/^\d+$/.test(word));
  if (!w.length) return false;
  if (EVERYDAY_PHRASES.has(w.join(' '))) return false;
  if (w.length === 1) return w[0].length >= 4 && !english.has(w[0]) && !firstNames.has(w[0]);
  return true;
}

/** Name (its words) → the concepts and kinds that claim it, and how it is written. */
const claims = new Map();
const files = git('ls-tree', '-r', '--name-only', COMMIT, 'data/brands').split('\n');
for (const file of files) {
  const tag = file.replace(/^data\/brands\//, '').replace(/\.json$/, '');
  const mapped = TAG_CONCEPTS[tag];
  if (!mapped) continue;
  const { items = [] } = JSON.parse(git('show', `${COMMIT}:${file}`));
  for (const item of items) {
    if (!inCountries(item.locationSet)) continue;
    const names = new Set(
      [item.displayName, item.tags?.name, item.tags?.brand, ...(item.matchNames ?? [])].filter(
        (n) => typeof n === 'string',
      ),
    );
    for (const name of names) {
      if (!usable(name)) continue;
      // A one-word alias ("huntington" for Huntington Learning Center) is too often another
      // business's name: one-word names only where the brand itself is called just that.
      if (words(name).length === 1 && words(item.displayName).join(' ') !== words(name)[0])
        continue;
      const key = words(name).join(' ');
      const claim = claims.get(key) ?? { written: name, by: new Set() };
      // The display name's spelling over a lower-case match name.
      if (name === item.displayName) claim.written = name;
      claim.by.add(mapped.join(':'));
      claims.set(key, claim);
    }
  }
}

const lists = new Map();
let kept = 0;
let ambiguous = 0;
for (const { written, by } of claims.values()) {
  if (by.size > 1) {
    ambiguous++;
    continue;
  }
  const [concept] = by;
  const list = lists.get(concept) ?? [];
  list.push(written.replace(/’/g, "'"));
  lists.set(concept, list);
  kept++;
}

const entries = [...lists.entries()]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([key, names]) => {
    const [concept, kind] = key.split(':');
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    const kindPart = kind ? ` kind: '${kind}',` : '';
    return `  { concept: '${concept}',${kindPart} names: ${JSON.stringify(sorted.join('|'))} },`;
  });

const text = `// Generated by tools/brand-knowledge/generate.mjs: do not edit by hand.
//
// Chain brands from OpenStreetMap's name-suggestion-index (github:osmlab/name-suggestion-index @
// ${COMMIT}, data/brands), ${kept} names (${ambiguous} claimed by two concepts left out).
//
// Copyright 2026, name-suggestion-index contributors. Redistribution and use in source and
// binary forms, with or without modification, are permitted provided that the following
// conditions are met: 1. Redistributions of source code must retain the above copyright notice,
// this list of conditions and the following disclaimer. 2. Redistributions in binary form must
// reproduce the above copyright notice, this list of conditions and the following disclaimer in
// the documentation and/or other materials provided with the distribution. 3. Neither the name
// of the copyright holder nor the names of its contributors may be used to endorse or promote
// products derived from this software without specific prior written permission. THIS SOFTWARE
// IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED
// WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS
// FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS
// BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
// (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA,
// OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
// CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT
// OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
import type { ConceptId } from '../concepts';
import type { KindId } from './kinds';

export interface BrandList {
  concept: ConceptId;
  kind?: KindId;
  /** Names as the index writes them, separated by |. */
  names: string;
}

// prettier-ignore
export const BRANDS: readonly BrandList[] = [
${entries.join('\n')}
];
`;
writeFileSync(target, text);
console.log(`${kept} brand names (${ambiguous} ambiguous left out) → ${target}`);
