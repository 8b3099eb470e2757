package dev.pmmemory.domain.text;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 12 item 2: entities no dictionary lists, found from how they are used; guarded for precision. */
class UnlistedEntitiesTest {

    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(Lexicon.loadDefault());

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "云深处估值太高，先不看|云深处",
            "云深处可以推进了，约下周|云深处",
            "云深处的报价太高了|云深处",
            "云深处这轮估值偏高|云深处",
            "它石智航团队不错|它石智航",
            "虽然硅基流动的技术不错，但是毛利太低|硅基流动",
            "好的。星海图可以推进|星海图",
            "Scale 估值太高|Scale AI",
            "Figure's humanoid looks impressive|Figure AI",
            "魔法原子公司估值太高|魔法原子"})
    void theSubjectOfAnEvaluationOrADecisionIsAnEntity(String message, String entity) {
        assertThat(ANALYZER.analyze(message).entities()).containsExactly(entity);
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "灵犀动力的demo看了，硬件还行，但是交付太慢，先不跟了|灵犀动力",
            "星辰智造这家我们跟了半年，团队很扎实|星辰智造",
            "海豚机器人虽然估值偏高，但团队是真的强|海豚机器人",
            "曜石科技先放放吧|曜石科技",
            "毛利还行。但是云帆智能的报价太离谱|云帆智能",
            "看完澄光科技的材料，整体印象不错|澄光科技",
            "商湯的團隊太臃腫了|商汤",
            "The moat at Pelican Robotics is thin|Pelican Robotics",
            "Although the burn is high, Osprey Labs keeps shipping|Osprey Labs",
            "澄光科技上周来路演，团队不错|澄光科技"})
    void theNameOpeningASentenceThatEvaluatesIsAnEntity(String message, String entity) {
        assertThat(ANALYZER.analyze(message).entities()).containsExactly(entity);
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "上午和麦田数据的创始人聊了一个半小时|麦田数据",
            "约一下星尘智能的创始人，下周二周三都行|星尘智能",
            "尽管有先放放的声音，我仍然坚持要推进南风出行的尽调|南风出行",
            "我反复看了蓝鲸物流的财务模型，假设过于激进|蓝鲸物流",
            "今天见了钛虎机器人的团队，技术负责人很强|钛虎机器人",
            "关于青穹科技的估值，我们内部还有分歧|青穹科技",
            "石榴科技嘅產品唔算差|石榴科技"})
    void theCompanyBeforeWhatAPmJudgesOfItIsAnEntity(String message, String entity) {
        assertThat(ANALYZER.analyze(message).entities()).containsExactly(entity);
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "刚跟墨川聊完 怎么说呢 创始人讲了一个小时都在画饼|墨川",
            "云舟 想跟创始人当面聊聊 下周二或周四|云舟",
            "知微 NRR 135% 毛利 78% 这数据很健康|知微",
            "关于拾光影像，我个人的看法是商业模式仍然不清晰|拾光影像",
            "碳硅科技这家，我们看了几次，技术不够硬|碳硅科技",
            "北极狐科技 TS签了 赢麻了|北极狐科技",
            "那个 苍穹智能 就是说 我觉得挺有意思的|苍穹智能",
            "冰川算力demo翻车了 现场直接卡死|冰川算力",
            "去星轨机器人看了产线 良率只有六成|星轨机器人",
            "潮汐能源AI 这个我们要不要冲|潮汐能源AI",
            "跟harbor通了电话 他们runway只剩6个月|harbor",
            "met with nimbus, product is actually really slick|nimbus",
            "had coffee w/ the lattice founders. smart people but zero GTM|lattice",
            "wren's got something. ui is clean, usage is real|wren",
            "Hillhouse 领投的那个灰鲸，我们就不凑这个热闹了|高瓴, 灰鲸",
            "积木这个项目我挺感兴趣的 约个 founder call|积木",
            "帮我查下苔原科技上一轮谁领的|苔原科技",
            "有人说砚池机器人要关门了 真的假的|砚池机器人",
            "数据全对上了，实在找不到不继续跟 Marlin AI 的理由|Marlin AI",
            "Tessellate — not for us. TAM is a rounding error.|Tessellate"})
    void theCompanyAPmMeetsTurnsToOrNamesByItsEndingIsAnEntity(String message, String entities) {
        assertThat(ANALYZER.analyze(message).entities()).containsExactly(entities.split(", "));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "跟他们聊了一下", "今天 开会", "好的 收到", "谢谢 辛苦大家了", "真香 之前pass掉的现在数据起来了",
            "和创始人聊了两个小时", "H100 已经两块多美金一小时了", "call with legal tomorrow", "stop pinging me about decks",
            "他们是不是又要发新机器人了", "今年下半年具身智能的钱明显变多了", "智驾芯片的竞争格局今年变化太大",
            "把桃李过去三年的完整财务数据拿过来", "我倾向于给他们发一份非约束性的投资意向书", "只看 infra 和 devtools，别的先别推了",
            "AI 眼镜这个方向最近很热", "GPU 租赁价格这个季度又掉了", "和他们联合创始人聊了，异构算力调度确实解决了真问题",
            "不要再给我推房地产科技相关的了", "早啊 周末愉快", "跟王总聊了", "和领导开会", "约了医生见面", "过去两年的收入翻倍",
            "here's the deck", "nobody's buying", "dinner with friends tonight", "帮我查下price"})
    void aChatOpenerAKindOrAWordAfterAVerbNamesNoOne(String message) {
        assertThat(ANALYZER.analyze(message).entities()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "这一轮的价格已经把未来三年的增长都算进去了", "全国能付费的产线可能就几千条", "这个阶段的估值已经超过上限",
            "我看了一下更新的材料，和上次相比变化不大", "他们的团队还不够完整", "国内的客户付费意愿很低",
            "佢哋嘅產品我用咗一個禮拜", "工业机器人的客户越来越集中", "人形机器人的估值都太高了",
            "我反复看了几遍这份材料的财务模型", "我更倾向有技术壁垒的团队"})
    void aPhraseBeforeWhatAPmJudgesNamesNoOne(String message) {
        assertThat(ANALYZER.analyze(message).entities()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "量产节奏太慢，先不跟", "期间可以线下见面，约一下", "贵州的数据中心项目有意思", "北京这边的项目太贵了",
            "股权结构也乱，先不看", "主要担心估值太高", "下午的会不错", "创始团队还在闹分歧，风险太大",
            "Honestly the burn is too high", "Flying to Tokyo tomorrow, pass on this one",
            "We need an LP update before Q3", "Wondering whether the round closed", "又是一个 PPT 项目，呵呵",
            "Landing in Jakarta tonight, pass on the deck", "估值却对标头部公司，完全说不通", "腰部公司拿钱越来越难",
            "下次再聊，感觉不错", "明早再看，估值太高", "昨晚的会议不错", "周三的路演很好", "老王这个人很靠谱",
            "王总也觉得可以推进", "视频会议很顺利，可以推进", "刚开完会，感觉可以推进", "演示很惊艳，可以推进"})
    void aSentenceOpeningWithAPlaceATimeOrANounOrNoEvaluationNamesNoOne(String message) {
        assertThat(ANALYZER.analyze(message).entities()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "这家估值太高", "他们团队不错", "本周太忙", "这个赛道太小", "市场太小", "产品同质化", "团队一般",
            "可以约一下", "不太看好", "整体先不推进", "除非技术特别强", "要不要约一下", "今天的午饭一般般",
            "摩尔线程下周约他们 CFO 过来见面", "这个创始人值得深入聊一下", "我觉得可以推进",
            "scale matters more than price", "Figure out the terms first", "The scale of their team is impressive"})
    void pronounsTimeWordsGenericNounsAndPredicatesAreNot(String message) {
        Set<String> named = Set.of("摩尔线程");
        assertThat(ANALYZER.analyze(message).entities()).allMatch(named::contains);
    }
}
