import { cite } from './sources';
import { national, p, type RateSeries } from './types';

const PWC = cite('pwc');

/** Latin America (Canada and the United States have their own modules). */
// prettier-ignore
export const latinAmerica: RateSeries[] = [
  national('MX', 'VAT', 'IVA (Impuesto al valor agregado)', '0% on most food and medicines; 8% in the northern and southern border regions under incentive decrees.', cite('pwc', 'Servicio de Administración Tributaria; 2010 tax reform (16% from 1 January 2010)'), [
    p('2010-01-01', '0.16'),
  ]),
  national('AR', 'VAT', 'IVA (Impuesto al valor agregado)', 'Reduced rate 10.5%; increased rate 27% on some utilities and telecommunications.', PWC, [
    p('2014-01-01', '0.21', '0.105', { sinceAtLeast: true }),
  ]),
  national('CL', 'VAT', 'IVA (Impuesto al valor agregado)', 'Single rate 19%.', cite('oecd'), [p('2003-10-01', '0.19')]),
  national('CO', 'VAT', 'IVA (Impuesto sobre las ventas)', 'Reduced rate 5%; raised from 16% to 19% by Law 1819 of 2016.', cite('oecd'), [
    p('2013-01-01', '0.16', '0.05', { sinceAtLeast: true }),
    p('2017-01-01', '0.19', '0.05'),
  ]),
  national('PE', 'VAT', 'IGV (Impuesto General a las Ventas) + IPM', '18% = 16% IGV + 2% municipal promotion tax (IPM).', PWC, [p('2011-03-01', '0.18')]),
  national('UY', 'VAT', 'IVA (Impuesto al valor agregado)', 'Reduced rate 10%.', PWC, [p('2014-01-01', '0.22', '0.1', { sinceAtLeast: true })]),
  national('EC', 'VAT', 'IVA (Impuesto al valor agregado)', 'Single general rate.', cite('pwc', 'Servicio de Rentas Internas: 14% from 1 June 2016 to 31 May 2017, 15% from 1 April 2024'), [
    p('2014-01-01', '0.12', null, { sinceAtLeast: true }),
    p('2016-06-01', '0.14', null, { description: 'Temporary increase to 14% after the April 2016 earthquake (1 June 2016 – 31 May 2017).' }),
    p('2017-06-01', '0.12'),
    p('2024-04-01', '0.15'),
  ]),
  national('PY', 'VAT', 'IVA (Impuesto al valor agregado)', 'Reduced rate 5%.', PWC, [p('2014-01-01', '0.1', '0.05', { sinceAtLeast: true })]),
  national('BO', 'VAT', 'IVA (Impuesto al valor agregado)', 'Nominal 13%, levied on the price including the tax (an effective 14.94% on the net price).', PWC, [
    p('2014-01-01', '0.13', null, { sinceAtLeast: true }),
  ]),
  national('CR', 'VAT', 'IVA (Impuesto al valor agregado)', 'VAT replaced the sales tax on 1 July 2019 (Law 9635); reduced rates 1%, 2% and 4% for some supplies.', PWC, [
    p('2019-07-01', '0.13'),
  ]),
  national('DO', 'VAT', 'ITBIS (Impuesto a la transferencia de bienes industrializados y servicios)', 'Standard 18% (Law 253-12); a reduced 16% applies to some foods.', PWC, [
    p('2013-01-01', '0.18'),
  ]),
  national('GT', 'VAT', 'IVA (Impuesto al valor agregado)', 'Single rate 12%.', PWC, [p('2014-01-01', '0.12', null, { sinceAtLeast: true })]),
  national('PA', 'VAT', 'ITBMS (Impuesto de transferencia de bienes muebles y servicios)', 'Higher rates 10% (alcoholic drinks, hotel accommodation) and 15% (tobacco).', PWC, [
    p('2010-07-01', '0.07'),
  ]),
  national('SV', 'VAT', 'IVA (Impuesto al valor agregado)', 'Single rate 13%.', PWC, [p('2014-01-01', '0.13', null, { sinceAtLeast: true })]),
  national('HN', 'VAT', 'ISV (Impuesto sobre ventas)', 'General rate 15%; 18% on alcoholic drinks, tobacco and airline tickets.', PWC, [
    p('2014-01-01', '0.15', null, { sinceAtLeast: true }),
  ]),
  national('NI', 'VAT', 'IVA (Impuesto al valor agregado)', 'Single rate 15%.', PWC, [p('2014-01-01', '0.15', null, { sinceAtLeast: true })]),
];
