import { addDays, addMonthsClamped, daysBetween, isCalendarDate } from '../../src/domain/dates';
import {
  nextOccurrence,
  nthOccurrence,
  occurrencesBetween,
  sameSchedule,
  type Frequency,
  type Schedule,
} from '../../src/domain/recurrence';

const schedule = (s: Partial<Schedule> & Pick<Schedule, 'frequency' | 'startDate'>): Schedule => ({
  interval: 1,
  endDate: null,
  ...s,
});

const first = (s: Schedule, n: number) => Array.from({ length: n }, (_, i) => nthOccurrence(s, i));

describe('calendar dates', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('adds months keeping the anchor day, clamped to short months', () => {
    expect(addMonthsClamped('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2025-01-31', 2)).toBe('2025-03-31');
    expect(addMonthsClamped('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonthsClamped('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonthsClamped('2025-01-15', -13)).toBe('2023-12-15');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });
});

describe('recurrence', () => {
  it('monthly on the 31st falls on the last day of shorter months and returns to the 31st', () => {
    expect(first(schedule({ frequency: 'monthly', startDate: '2025-01-31' }), 6)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ]);
    expect(first(schedule({ frequency: 'monthly', startDate: '2024-01-31' }), 3)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
    ]);
  });

  it('monthly on the 29th and 30th clamps only in February', () => {
    expect(first(schedule({ frequency: 'monthly', startDate: '2025-01-30' }), 3)).toEqual([
      '2025-01-30',
      '2025-02-28',
      '2025-03-30',
    ]);
  });

  it('every 2 months keeps the anchor day', () => {
    expect(
      first(schedule({ frequency: 'monthly', interval: 2, startDate: '2025-08-31' }), 4),
    ).toEqual(['2025-08-31', '2025-10-31', '2025-12-31', '2026-02-28']);
  });

  it('weekly and fortnightly step by 7 and 14 days times the interval', () => {
    expect(first(schedule({ frequency: 'weekly', startDate: '2025-12-25' }), 3)).toEqual([
      '2025-12-25',
      '2026-01-01',
      '2026-01-08',
    ]);
    expect(
      first(schedule({ frequency: 'weekly', interval: 3, startDate: '2025-01-01' }), 3),
    ).toEqual(['2025-01-01', '2025-01-22', '2025-02-12']);
    expect(first(schedule({ frequency: 'fortnightly', startDate: '2025-02-20' }), 3)).toEqual([
      '2025-02-20',
      '2025-03-06',
      '2025-03-20',
    ]);
    expect(
      first(schedule({ frequency: 'fortnightly', interval: 2, startDate: '2025-01-01' }), 3),
    ).toEqual(['2025-01-01', '2025-01-29', '2025-02-26']);
  });

  it('quarterly is 3 months times the interval, on the anchor day', () => {
    expect(first(schedule({ frequency: 'quarterly', startDate: '2025-01-31' }), 5)).toEqual([
      '2025-01-31',
      '2025-04-30',
      '2025-07-31',
      '2025-10-31',
      '2026-01-31',
    ]);
    expect(
      first(schedule({ frequency: 'quarterly', interval: 2, startDate: '2025-02-15' }), 3),
    ).toEqual(['2025-02-15', '2025-08-15', '2026-02-15']);
  });

  it('yearly on 29 February falls on 28 February in other years', () => {
    expect(first(schedule({ frequency: 'yearly', startDate: '2024-02-29' }), 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(
      first(schedule({ frequency: 'yearly', interval: 2, startDate: '2025-06-30' }), 2),
    ).toEqual(['2025-06-30', '2027-06-30']);
  });

  it('lists the dates in a window, within the start and end dates', () => {
    const s = schedule({ frequency: 'monthly', startDate: '2025-01-15', endDate: '2025-05-15' });
    expect(occurrencesBetween(s, '2025-02-01', '2025-12-31')).toEqual([
      '2025-02-15',
      '2025-03-15',
      '2025-04-15',
      '2025-05-15',
    ]);
    expect(occurrencesBetween(s, '2024-01-01', '2025-02-15')).toEqual(['2025-01-15', '2025-02-15']);
    expect(occurrencesBetween(s, '2025-05-16', '2026-01-01')).toEqual([]);
  });

  it('finds the next occurrence, or none once the schedule has ended', () => {
    const s = schedule({ frequency: 'weekly', startDate: '2025-01-06', endDate: '2025-02-03' });
    expect(nextOccurrence(s, '2024-06-01')).toBe('2025-01-06');
    expect(nextOccurrence(s, '2025-01-07')).toBe('2025-01-13');
    expect(nextOccurrence(s, '2025-02-03')).toBe('2025-02-03');
    expect(nextOccurrence(s, '2025-02-04')).toBeNull();
  });

  it('compares schedules', () => {
    const a = schedule({ frequency: 'monthly', startDate: '2025-01-01' });
    expect(sameSchedule(a, { ...a })).toBe(true);
    expect(sameSchedule(a, { ...a, interval: 2 })).toBe(false);
    expect(sameSchedule(a, { ...a, endDate: '2026-01-01' })).toBe(false);
  });

  it('windows agree with stepping through every occurrence (random schedules)', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const frequencies: Frequency[] = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'];
    for (let i = 0; i < 400; i++) {
      const s = schedule({
        frequency: frequencies[Math.floor(rand() * 5)],
        interval: 1 + Math.floor(rand() * 4),
        startDate: addDays('2023-01-01', Math.floor(rand() * 1500)),
      });
      if (rand() < 0.3) s.endDate = addDays(s.startDate, Math.floor(rand() * 1500));
      const from = addDays('2023-01-01', Math.floor(rand() * 2000));
      const to = addDays(from, Math.floor(rand() * 400));
      const expected: string[] = [];
      for (let n = 0; ; n++) {
        const d = nthOccurrence(s, n);
        if (d > to || (s.endDate && d > s.endDate)) break;
        if (d >= from) expected.push(d);
      }
      expect(occurrencesBetween(s, from, to)).toEqual(expected);
      expect(nextOccurrence(s, from)).toBe(
        (() => {
          for (let n = 0; ; n++) {
            const d = nthOccurrence(s, n);
            if (s.endDate && d > s.endDate) return null;
            if (d >= from) return d;
          }
        })(),
      );
    }
  });
});
