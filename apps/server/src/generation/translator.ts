import OpenAI from 'openai';

/** Turns a prompt typed in Chinese into English for engines that read English only. */
export interface Translator {
  translate(text: string): Promise<string>;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
export const needsTranslation = (text: string) => HAN.test(text);

/** An LLM translator through the OpenAI SDK (any compatible endpoint via baseURL). */
export function createOpenAiTranslator(opts: { apiKey: string; baseURL?: string; model: string }): Translator {
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: 15_000, maxRetries: 1 });
  return {
    async translate(text) {
      const res = await client.chat.completions.create({
        model: opts.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content:
              'Translate the user text into concise English for an architectural image generator. Keep design terms precise. Answer with the translation only.',
          },
          { role: 'user', content: text },
        ],
      });
      const out = res.choices[0]?.message.content?.trim();
      if (!out) throw new Error('empty translation');
      return out;
    },
  };
}
