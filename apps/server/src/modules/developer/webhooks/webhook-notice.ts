/**
 * The e-mail telling an owner their endpoint was switched off after days of failures. Users have
 * no stored language, so it is written in both, English first.
 */
export function disabledNotice(url: string, publicUrl: string) {
  const page = `${publicUrl}/#/user/webhooks`;
  return {
    subject: 'Webhook endpoint switched off / Webhook 地址已停用',
    text: [
      `Every delivery to your webhook endpoint ${url} has failed for 5 days, so it was switched off.`,
      `Fix the receiver, then switch the endpoint on again and resend what it missed: ${page}`,
      '',
      `您的 Webhook 地址 ${url} 连续 5 天投递失败，已被停用。`,
      `请修复接收端后重新启用该地址，并重新发送错过的事件：${page}`,
    ].join('\n'),
  };
}
