import { cite } from './sources';
import { national, p, type RateSeries } from './types';

const PWC = cite('pwc');

/** The Middle East and Africa. */
// prettier-ignore
export const middleEastAfrica: RateSeries[] = [
  national('AE', 'VAT', 'Value Added Tax', 'Single rate 5% since VAT began.', cite('pwc', 'Federal Decree-Law No. 8 of 2017 on VAT'), [p('2018-01-01', '0.05')]),
  national('SA', 'VAT', 'Value Added Tax (ضريبة القيمة المضافة)', 'Raised from 5% to 15% on 1 July 2020.', cite('pwc', 'Zakat, Tax and Customs Authority (ZATCA)'), [
    p('2018-01-01', '0.05'),
    p('2020-07-01', '0.15'),
  ]),
  national('BH', 'VAT', 'Value Added Tax', 'Raised from 5% to 10% on 1 January 2022.', cite('pwc', 'National Bureau for Revenue (Bahrain)'), [
    p('2019-01-01', '0.05'),
    p('2022-01-01', '0.1'),
  ]),
  national('OM', 'VAT', 'Value Added Tax', 'Single rate 5% since VAT began.', cite('pwc', 'Oman Tax Authority: Royal Decree 121/2020'), [p('2021-04-16', '0.05')]),
  national('IL', 'VAT', 'Value Added Tax (מע״מ)', 'Single rate; 0% in Eilat and on fresh fruit and vegetables.', cite('oecd', 'Israel Tax Authority: 18% from 1 January 2025'), [
    p('2013-06-02', '0.18'),
    p('2015-10-01', '0.17'),
    p('2025-01-01', '0.18'),
  ]),
  national('JO', 'SALES_TAX', 'General Sales Tax', 'General sales tax 16%; reduced rates for some goods.', PWC, [p('2014-01-01', '0.16', null, { sinceAtLeast: true })]),
  national('EG', 'VAT', 'Value Added Tax (ضريبة القيمة المضافة)', 'VAT Law 67/2016 replaced the sales tax: 13% from 8 September 2016, 14% from 1 July 2017.', PWC, [
    p('2016-09-08', '0.13'),
    p('2017-07-01', '0.14'),
  ]),
  national('ZA', 'VAT', 'Value-Added Tax', '0% on basic foodstuffs and exports.', cite('pwc', 'South African Revenue Service: 15% from 1 April 2018 (the increase proposed for 2025 was withdrawn)'), [
    p('1993-04-07', '0.14'),
    p('2018-04-01', '0.15'),
  ]),
  national('KE', 'VAT', 'Value Added Tax', 'Single rate 16%; temporarily 14% from 1 April to 31 December 2020.', cite('pwc', 'Kenya Revenue Authority; VAT Act 2013; Tax Laws (Amendment) Act 2020'), [
    p('2013-09-02', '0.16', null, { sinceAtLeast: true }),
    p('2020-04-01', '0.14'),
    p('2021-01-01', '0.16'),
  ]),
  national('NG', 'VAT', 'Value Added Tax', 'Raised from 5% to 7.5% on 1 February 2020.', cite('pwc', 'Federal Inland Revenue Service; Finance Act 2019'), [
    p('1994-01-01', '0.05'),
    p('2020-02-01', '0.075'),
  ]),
  national('TZ', 'VAT', 'Value Added Tax', 'Single rate 18% (mainland Tanzania).', PWC, [p('2015-07-01', '0.18', null, { sinceAtLeast: true })]),
  national('UG', 'VAT', 'Value Added Tax', 'Single rate 18%.', PWC, [p('2014-01-01', '0.18', null, { sinceAtLeast: true })]),
  national('RW', 'VAT', 'Value Added Tax', 'Single rate 18%.', PWC, [p('2014-01-01', '0.18', null, { sinceAtLeast: true })]),
  national('MA', 'VAT', 'TVA (Taxe sur la valeur ajoutée)', 'Reduced rates 7%, 10% and 14%, being consolidated by the finance laws of 2024–2026.', PWC, [
    p('2014-01-01', '0.2', null, { sinceAtLeast: true }),
  ]),
  national('TN', 'VAT', 'TVA (Taxe sur la valeur ajoutée)', 'Reduced rates 7% and 13% (Finance Law 2018).', PWC, [p('2018-01-01', '0.19', '0.07')]),
  national('DZ', 'VAT', 'TVA (Taxe sur la valeur ajoutée)', 'Reduced rate 9% (Finance Law 2017).', PWC, [p('2017-01-01', '0.19', '0.09')]),
  national('MU', 'VAT', 'Value Added Tax', 'Single rate 15%.', PWC, [p('2014-01-01', '0.15', null, { sinceAtLeast: true })]),
];
