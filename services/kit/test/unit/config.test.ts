import { z } from 'zod';
import { booleanFlag, ConfigError, intSetting, loadConfig, optionalString } from '../../src/config';

const schema = z.object({
  PORT: intSetting(8080, 1),
  FLAG: booleanFlag(false),
  NAME: optionalString,
});

describe('loadConfig', () => {
  it('applies defaults and treats empty values as unset', () => {
    expect(loadConfig(schema, { PORT: '', FLAG: '', NAME: '' })).toEqual({
      PORT: 8080,
      FLAG: false,
      NAME: undefined,
    });
    expect(loadConfig(schema, { PORT: '9000', FLAG: 'true', NAME: 'x' })).toEqual({
      PORT: 9000,
      FLAG: true,
      NAME: 'x',
    });
  });

  it('refuses to start on a bad value and names the variable', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { PORT: '0' })).toThrow(/PORT/);
  });
});
