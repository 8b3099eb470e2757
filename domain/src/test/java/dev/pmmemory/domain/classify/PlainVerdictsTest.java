package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plain verdicts of the fourth round's lexicon lines (shipped lexicon): figures that do not reconcile (对不上), the
 * colloquial 不咋地, nothing to fault (没得挑: praise although it opens with 没), 糟 as a negative adjective, 质量 as a
 * metric whose high is good, nobody paying, nothing new, unsolved problems and complaints, talk that only sounds good,
 * confidence (有信心), 顶 as praise after 太 / 很, a level that will not come down (下不来) as high, and chat no's
 * (nope, nah, forget it), English reservations (concerning, nothing special) and 还不如 / 不合理 as negatives, and a
 * meeting or a bid asked for in plain words (先见个面, 可以谈, 我想投, get in) as an advance.
 */
class PlainVerdictsTest {

    private static final RuleClassifier RULES = new RuleClassifier(Lexicon.loadDefault());

    @ParameterizedTest
    @CsvSource({
            "上次 DD 就发现数据对不上, project_negative",
            "琅嬛二奢鉴定这块做得真不咋地, project_negative",
            "柘林冷链的管理层没得挑, project_positive",
            "阶跃的产品我用了，体验很糟, project_negative",
            "这个质量是高的, project_positive",
            "交付质量不高, project_negative",
            "高质量的客户名单, project_positive",
            "魔珐科技的数字人倒是做得挺逼真，就是没人愿意掏钱, project_negative",
            "稷下气体的BP看完了 没什么新东西, project_negative",
            "摩尔线程的驱动问题一直没解决，客户抱怨很多, project_negative",
            "国产化故事说得好听，实际验证通过率并不高, project_negative",
            "这种取舍反而让我更有信心了, project_positive",
            "没有信心, project_negative",
            "团队背景太顶了, project_positive",
            "培养肉成本下不来, project_negative",
            "估值居高不下, project_negative",
            "Tiller at that price? nope., project_negative",
            "the Galbot deal? nah. too much hardware capex, project_negative",
            "Meh. Nothing special., project_negative",
            "Veridian Loop's churn figures are concerning; we will decline., project_negative",
            "还不如上一家, project_negative",
            "我的意见是不跟，价格不合理, project_negative",
            "不怎么看好, project_negative",
            "Thimble Robotics fell short of the milestones they promised us last round., project_negative",
            "灵枢动力挺有意思的 先见个面, project_advance",
            "黑芝麻这个价位可以上车了, project_advance",
            "general rule: skip anything where the founder won't share the cap table, long_term_preference",
            "'pls filter out anything with a TAM under 1b, not worth my time', long_term_preference",
            "我对半导体设备一直很有兴趣，这类项目有的话第一时间给我, long_term_preference",
            "关于harbor I want to push this to IC, project_advance",
            "green light on keel. wire the SAFE this week, project_advance",
            "Modal's developer experience is excellent, project_positive",
            "石榴3D打印的金属打印精度在国内数一数二, project_positive",
            "yyds, project_positive",
            "Houmo 存算一体 这轮先不上车, project_negative",
            "影石已经涨上天了，现在上车就是当接盘侠, project_negative",
            "护城河基本为零 谁都能抄, project_negative",
            "这家ARR一年做到3000万 NRR 140% 漂亮, project_positive",
            "这个我们要不要冲 冲就完了, project_advance",
            "瀚宇智造所谓的“行业领先”，不过是把外采模组重新贴牌而已。, project_negative",
            "估值不算离谱，可以谈, project_advance",
            "渠道太强了，我想投, project_advance",
            "不想投, project_negative",
            "DeepSeek 这次真的 impressive，想办法 get in, project_advance",
    })
    void plainVerdicts(String message, String type) {
        assertThat(RULES.classify(message, List.of())).contains(MemoryType.fromWireName(type).orElseThrow());
    }

    @Test
    void aQuestionWordRightAfterBuIsNoQuestion() {
        assertThat(RULES.classification("不怎么看好", List.of()).question()).isFalse(); // 不怎么 = not very
        assertThat(RULES.classification("这家你怎么看", List.of()).question()).isTrue();
    }

    @Test
    void whoAndReallyAskWithoutAQuestionMark() {
        assertThat(RULES.classification("智元这轮领投方是谁", List.of()).question()).isTrue();
        assertThat(RULES.classification("今晚那个 AI 酒会你去不去 听说不错", List.of()).question()).isTrue();
        assertThat(RULES.classification("有人说砚池机器人要关门了 真的假的", List.of()).question()).isTrue();
        assertThat(RULES.classification("Galbot 和 AgiBot 哪家推进得快一点", List.of()).question()).isTrue();
        assertThat(RULES.classification("是否值得进一步跟进灯影科技，我想先听听你们几位的意见", List.of()).type()).isEmpty();
        assertThat(RULES.classification("我不太确定自己是否理解了他们的护城河", List.of()).question()).isFalse();
    }
}
