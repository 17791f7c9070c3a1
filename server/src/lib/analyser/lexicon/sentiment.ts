import { entries } from '../match';

/** Customer sentiment words (of the customer's clauses). Backchannels (好的, 行) and mild words weigh little. */
export const SENTIMENT_POSITIVE = entries([
  [
    '满意|喜欢|感谢|谢谢|太好了|挺好|很好|不错|靠谱|专业|划算|实惠|开心|高兴|放心|有道理|有意思|好用|方便|合适|值得|棒|厉害|贴心|周到|辛苦|麻烦你了|实在',
    1,
  ],
  ['好的|可以|行|嗯嗯|对对|没问题|知道了|好嘞|要得|好好', 0.3],
]);
export const SENTIMENT_NEGATIVE = entries([
  [
    '不满意|不满|太差|很差|差劲|烦|讨厌|生气|气死|骗|坑|失望|后悔|垃圾|骚扰|投诉|举报|滚|无语|服了|离谱|过分|恶心|不靠谱|忽悠|神经病|有病|浪费|太麻烦|很麻烦|什么玩意|搞什么',
    1,
  ],
  ['不好|贵|不行|不合适|没用|不需要|不用|不要|没兴趣|不感兴趣|没时间|别打', 0.5],
]);
export const SENTIMENT_NEGATED = /(不|没|没有|别|不太|不怎么|并不|也不)$/;
