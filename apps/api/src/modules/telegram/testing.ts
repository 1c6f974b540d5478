/** Test helpers of the Telegram module for tests outside it. Not used by product code. */
export { FakeBotApi, type RecordedBotCall } from './testing/fake-bot-api.ts';
