import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, i18n } from '../i18n/i18n.ts';
import { httpErrorMessage, networkErrorMessage } from './catalogue.ts';

beforeAll(() => {
  initI18n('en');
});

const EXPECTED: Record<number, [string, string]> = {
  400: ['Request error', '请求错误'],
  401: ['Unauthorized, please log in again', '未授权，请重新登录'],
  403: ['Access denied', '拒绝访问'],
  404: ['Request error', '请求错误'],
  408: ['Request timeout', '请求超时'],
  500: ['Server error', '服务器错误'],
  501: ['Service not implemented', '服务未实现'],
  502: ['Network error', '网络错误'],
  503: ['Service unavailable', '服务不可用'],
  504: ['Network timeout', '网络超时'],
  505: ['HTTP version not supported', 'HTTP 版本不受支持'],
};

describe('HTTP error catalogue', () => {
  it.each(Object.entries(EXPECTED))(
    'status %s has its message and the hint in both languages',
    async (status, [en, zh]) => {
      await i18n.changeLanguage('en');
      expect(httpErrorMessage(Number(status), i18n.t)).toBe(
        `${en}, please check the network or contact the administrator`,
      );
      await i18n.changeLanguage('zh');
      expect(httpErrorMessage(Number(status), i18n.t)).toBe(`${zh}，请检查网络或联系管理员`);
    },
  );

  it('names any other status', async () => {
    await i18n.changeLanguage('en');
    expect(httpErrorMessage(418, i18n.t)).toBe(
      'Connection error (418), please check the network or contact the administrator',
    );
    await i18n.changeLanguage('zh');
    expect(httpErrorMessage(418, i18n.t)).toBe('连接错误（418），请检查网络或联系管理员');
  });

  it('has a network-failure message', async () => {
    await i18n.changeLanguage('en');
    expect(networkErrorMessage(i18n.t)).toBe('Network connection abnormal, please try again later');
    await i18n.changeLanguage('zh');
    expect(networkErrorMessage(i18n.t)).toBe('网络连接异常，请稍后再试');
  });
});
