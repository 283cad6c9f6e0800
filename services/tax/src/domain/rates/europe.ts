import { cite } from './sources';
import { national, p, type RateSeries } from './types';

// reducedRate is the lowest reduced rate (EU sense: 5% or more); super-reduced rates below 5%,
// parking rates and the further reduced rates are named in the description. Where the history
// of a reduced rate is not known, the period either starts at the EC 2014 table
// ("sinceAtLeast") or leaves reducedRate null.

const EC = cite('ec');

/** The 27 member states of the European Union. */
// prettier-ignore
export const europeanUnion: RateSeries[] = [
  national('AT', 'VAT', 'Umsatzsteuer (USt)', 'Reduced rates 10% (food, books, passenger transport, residential rent) and 13%; 19% in Jungholz and Mittelberg.', EC, [
    p('1995-01-01', '0.2', '0.1', { sinceAtLeast: true }),
  ]),
  national('BE', 'VAT', 'BTW / TVA', 'Reduced rates 6% (food, medicines, books) and 12% (restaurant meals, social housing).', EC, [
    p('1996-01-01', '0.21', '0.06'),
  ]),
  national('BG', 'VAT', 'ДДС (Danak varhu dobavenata stoynost)', 'Reduced rate 9% (accommodation and some other supplies).', EC, [
    p('2014-01-01', '0.2', '0.09', { sinceAtLeast: true }),
  ]),
  national('HR', 'VAT', 'PDV (Porez na dodanu vrijednost)', 'Reduced rates 5% and 13%.', EC, [
    p('2012-03-01', '0.25', null, { description: 'Standard rate 25% from 1 March 2012 (23% before); reduced rates of this period not recorded.' }),
    p('2014-01-01', '0.25', '0.05', { sinceAtLeast: true }),
  ]),
  national('CY', 'VAT', 'ΦΠΑ (Foros Prostithemenis Axias)', 'Reduced rates 5% and 9%; super-reduced 3%.', EC, [
    p('2014-01-13', '0.19', '0.05'),
  ]),
  national('CZ', 'VAT', 'DPH (Daň z přidané hodnoty)', 'Reduced rate 12% since 1 January 2024 (15% and 10% before).', EC, [
    p('2013-01-01', '0.21', '0.15'),
    p('2015-01-01', '0.21', '0.1'),
    p('2024-01-01', '0.21', '0.12'),
  ]),
  national('DK', 'VAT', 'Moms (merværdiafgift)', 'Single rate 25%; no reduced rates.', EC, [p('1992-01-01', '0.25')]),
  national(
    'EE',
    'VAT',
    'Käibemaks',
    'Reduced rates 9% (books, medicines, press) and 13% (accommodation, from 2025).',
    cite('ec', 'Estonian Tax and Customs Board (EMTA): 22% from 1 January 2024, 24% from 1 July 2025'),
    [p('2009-07-01', '0.2', '0.09'), p('2024-01-01', '0.22', '0.09'), p('2025-07-01', '0.24', '0.09')],
  ),
  national(
    'FI',
    'VAT',
    'Arvonlisävero (ALV)',
    'Reduced rates 10% (newspapers and periodicals) and 14% (food, restaurants, passenger transport, accommodation, medicines, books; 13.5% from 1 January 2026).',
    cite('ec', 'Finnish Tax Administration (Vero): 25.5% from 1 September 2024, 14% rate lowered to 13.5% from 1 January 2026'),
    [p('2013-01-01', '0.24', '0.1'), p('2024-09-01', '0.255', '0.1')],
  ),
  national('FR', 'VAT', 'TVA (Taxe sur la valeur ajoutée)', 'Reduced rates 5.5% and 10%; super-reduced 2.1%; Corsica and the overseas departments have their own rates.', cite('ec', 'OECD Consumption Tax Trends (19.6% to 31 December 2013)'), [
    p('2000-04-01', '0.196', '0.055'),
    p('2014-01-01', '0.2', '0.055'),
  ]),
  national('DE', 'VAT', 'Umsatzsteuer (Mehrwertsteuer)', 'Reduced rate 7% (food, books, public transport).', cite('ec', 'Bundesministerium der Finanzen: temporary 16% / 5% from 1 July to 31 December 2020 (Zweites Corona-Steuerhilfegesetz)'), [
    p('1998-04-01', '0.16', '0.07'),
    p('2007-01-01', '0.19', '0.07'),
    p('2020-07-01', '0.16', '0.05', { description: 'Temporary COVID-19 reduction: 16% standard and 5% reduced from 1 July to 31 December 2020.' }),
    p('2021-01-01', '0.19', '0.07'),
  ]),
  national('GR', 'VAT', 'ΦΠΑ (Foros Prostithemenis Axias)', 'Reduced rates 6% and 13%; rates 30% lower on some Aegean islands.', EC, [
    p('2016-06-01', '0.24', '0.06'),
  ]),
  national('HU', 'VAT', 'ÁFA (Általános forgalmi adó)', 'Reduced rates 5% and 18%.', EC, [p('2012-01-01', '0.27', '0.05')]),
  national('IE', 'VAT', 'Value-Added Tax', 'Reduced rates 9% and 13.5%; livestock 4.8%; 0% on most food, children’s clothing and books.', cite('ec', 'Revenue (Ireland): temporary 21% from 1 September 2020 to 28 February 2021'), [
    p('2012-01-01', '0.23', '0.09'),
    p('2020-09-01', '0.21', '0.09', { description: 'Temporary COVID-19 reduction of the standard rate to 21% (1 September 2020 – 28 February 2021).' }),
    p('2021-03-01', '0.23', '0.09'),
  ]),
  national('IT', 'VAT', 'IVA (Imposta sul valore aggiunto)', 'Reduced rates 5% and 10%; super-reduced 4%.', EC, [
    p('2013-10-01', '0.22', '0.1'),
    p('2016-01-01', '0.22', '0.05'),
  ]),
  national('LV', 'VAT', 'PVN (Pievienotās vērtības nodoklis)', 'Reduced rates 5% (fresh fruit and vegetables, since 2018) and 12%.', EC, [
    p('2012-07-01', '0.21', '0.12'),
    p('2018-01-01', '0.21', '0.05'),
  ]),
  national('LT', 'VAT', 'PVM (Pridėtinės vertės mokestis)', 'Reduced rates 5% and 9%.', EC, [p('2009-09-01', '0.21', '0.05')]),
  national('LU', 'VAT', 'TVA (Taxe sur la valeur ajoutée)', 'Reduced rate 8%; super-reduced 3%; parking rate 14%.', cite('ec', 'Administration de l’enregistrement (AED): temporary 16/13/7/3% in 2023'), [
    p('2015-01-01', '0.17', '0.08'),
    p('2023-01-01', '0.16', '0.07', { description: 'Temporary one-point reduction of the standard, intermediate and reduced rates for 2023.' }),
    p('2024-01-01', '0.17', '0.08'),
  ]),
  national('MT', 'VAT', 'Value Added Tax', 'Reduced rates 5% and 7%; 0% on food and medicines.', EC, [p('2004-01-01', '0.18', '0.05')]),
  national('NL', 'VAT', 'BTW (Omzetbelasting)', 'Reduced rate 9% (6% until 31 December 2018).', EC, [
    p('2001-01-01', '0.19', '0.06'),
    p('2012-10-01', '0.21', '0.06'),
    p('2019-01-01', '0.21', '0.09'),
  ]),
  national('PL', 'VAT', 'VAT (Podatek od towarów i usług)', 'Reduced rates 5% and 8%.', EC, [p('2011-01-01', '0.23', '0.05')]),
  national('PT', 'VAT', 'IVA (Imposto sobre o valor acrescentado)', 'Mainland rates; reduced rates 6% and 13%. The Azores and Madeira apply lower regional rates.', EC, [
    p('2011-01-01', '0.23', '0.06'),
  ]),
  national('RO', 'VAT', 'TVA (Taxa pe valoarea adăugată)', 'Reduced rate 11% from 1 August 2025 (9% and 5% before).', cite('ec', 'Law 141/2025: 21% and 11% from 1 August 2025'), [
    p('2017-01-01', '0.19', '0.05'),
    p('2025-08-01', '0.21', '0.11'),
  ]),
  national('SK', 'VAT', 'DPH (Daň z pridanej hodnoty)', 'Reduced rates 5% and 19% from 1 January 2025.', cite('ec', 'Financial Administration of the Slovak Republic: 23% from 1 January 2025'), [
    p('2011-01-01', '0.2', null, { description: 'Standard rate 20%; reduced rate 10% (a 5% rate was added for some supplies from 2023).' }),
    p('2025-01-01', '0.23', '0.05'),
  ]),
  national('SI', 'VAT', 'DDV (Davek na dodano vrednost)', 'Reduced rates 5% (books, since 2020) and 9.5%.', EC, [
    p('2013-07-01', '0.22', '0.095'),
    p('2020-01-01', '0.22', '0.05'),
  ]),
  national('ES', 'VAT', 'IVA (Impuesto sobre el valor añadido)', 'Peninsula and Balearic Islands; reduced rate 10%; super-reduced 4%. The Canary Islands (IGIC), Ceuta and Melilla (IPSI) are outside the VAT area.', EC, [
    p('2012-09-01', '0.21', '0.1'),
  ]),
  national('SE', 'VAT', 'Moms (Mervärdesskatt)', 'Reduced rates 6% and 12%.', EC, [p('2014-01-01', '0.25', '0.06', { sinceAtLeast: true })]),
];

const PWC = cite('pwc');

/** Europe outside the European Union. */
// prettier-ignore
export const restOfEurope: RateSeries[] = [
  national('GB', 'VAT', 'Value Added Tax', 'Reduced rate 5% (domestic fuel and power); 0% on most food, books and children’s clothing.', cite('hmrc'), [
    p('1991-04-01', '0.175', null, { description: 'Standard rate 17.5% (the 5% reduced rate started in 1997).' }),
    p('2008-12-01', '0.15', '0.05', { description: 'Temporary reduction of the standard rate to 15% (1 December 2008 – 31 December 2009).' }),
    p('2010-01-01', '0.175', '0.05'),
    p('2011-01-04', '0.2', '0.05'),
  ]),
  national('NO', 'VAT', 'Merverdiavgift (MVA)', 'Reduced rates 15% (food) and 12% (passenger transport, accommodation, cinema); not recorded here because they changed several times.', cite('oecd'), [
    p('2005-01-01', '0.25'),
  ]),
  national('CH', 'VAT', 'MWST / TVA / IVA', 'Reduced rate 2.6% (2.5% until 2023); accommodation 3.8% (3.7% 2018–2023).', cite('oecd', 'Swiss Federal Tax Administration: 7.7% from 2018, 8.1% from 1 January 2024'), [
    p('2011-01-01', '0.08', '0.025'),
    p('2018-01-01', '0.077', '0.025'),
    p('2024-01-01', '0.081', '0.026'),
  ]),
  national('LI', 'VAT', 'Mehrwertsteuer (MWST)', 'Same rates as Switzerland (customs and VAT union).', cite('oecd', 'Liechtenstein Tax Administration (Swiss rates)'), [
    p('2011-01-01', '0.08', '0.025'),
    p('2018-01-01', '0.077', '0.025'),
    p('2024-01-01', '0.081', '0.026'),
  ]),
  national('IS', 'VAT', 'Virðisaukaskattur (VSK)', 'Reduced rate 11%.', cite('oecd'), [p('2015-01-01', '0.24', '0.11')]),
  national('TR', 'VAT', 'KDV (Katma değer vergisi)', 'Reduced rates 1% and 10% (8% until 9 July 2023).', cite('oecd', 'Presidential Decree 7346: 20% from 10 July 2023'), [
    p('2010-01-01', '0.18', '0.01', { sinceAtLeast: true }),
    p('2023-07-10', '0.2', '0.01'),
  ]),
  national('RS', 'VAT', 'PDV (Porez na dodatu vrednost)', 'Reduced rate 10% (8% until 2013).', PWC, [
    p('2012-10-01', '0.2', '0.08'),
    p('2014-01-01', '0.2', '0.1'),
  ]),
  national('UA', 'VAT', 'ПДВ (Podatok na dodanu vartist)', 'Reduced rates 7% (medicines) and 14% (some agricultural products).', PWC, [
    p('2015-01-01', '0.2', '0.07', { sinceAtLeast: true }),
  ]),
  national('ME', 'VAT', 'PDV (Porez na dodatu vrijednost)', 'Reduced rate 7%.', PWC, [
    p('2013-07-01', '0.19', '0.07'),
    p('2018-01-01', '0.21', '0.07'),
  ]),
  national('MK', 'VAT', 'ДДВ (Danok na dodadena vrednost)', 'Reduced rate 5%.', PWC, [p('2014-01-01', '0.18', '0.05', { sinceAtLeast: true })]),
  national('BA', 'VAT', 'PDV (Porez na dodanu vrijednost)', 'Single rate 17% since VAT began on 1 January 2006.', PWC, [p('2006-01-01', '0.17')]),
  national('AL', 'VAT', 'TVSH (Tatimi mbi vlerën e shtuar)', 'Reduced rate 6% for some supplies (e.g. accommodation).', PWC, [p('2014-01-01', '0.2', null, { sinceAtLeast: true })]),
  national('MD', 'VAT', 'TVA (Taxa pe valoarea adăugată)', 'Reduced rate 8% for some supplies.', PWC, [p('2014-01-01', '0.2', null, { sinceAtLeast: true })]),
  national('GE', 'VAT', 'დღგ (Value Added Tax)', 'Single rate 18%.', PWC, [p('2014-01-01', '0.18', null, { sinceAtLeast: true })]),
  national('RU', 'VAT', 'НДС (Nalog na dobavlennuyu stoimost)', 'Reduced rate 10% (food, children’s goods, medicines, books and periodicals).', cite('pwc', 'Tax Code of the Russian Federation art. 164 as amended in November 2025: 22% from 1 January 2026'), [
    p('2004-01-01', '0.18', '0.1'),
    p('2019-01-01', '0.2', '0.1'),
    p('2026-01-01', '0.22', '0.1'),
  ]),
  national('KZ', 'VAT', 'ҚҚС / НДС (Value Added Tax)', 'New Tax Code from 1 January 2026: standard 16%, reduced 5% for medicines and medical services in 2026 (10% from 2027).', cite('pwc', 'Tax Code of the Republic of Kazakhstan signed 18 July 2025, in force 1 January 2026'), [
    p('2009-01-01', '0.12', null, { description: 'Single rate 12%.' }),
    p('2026-01-01', '0.16', '0.05'),
  ]),
];
