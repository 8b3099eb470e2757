package dev.pmmemory.domain.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the named entities (companies, projects) a feedback message talks about.
 * Entities drive conflicts and recall, so a false positive ("AI", "海外早期") is worse than a
 * miss: every rule below errs on the side of "not a name".
 */
public final class EntityExtractor {

    /** A capitalised Latin word: not glued to a preceding Latin letter/digit (so "iPhone" has no word "Phone"). */
    private static final Pattern LATIN_WORD =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])[\\p{Lu}&&\\p{IsLatin}][\\p{IsLatin}\\p{Nd}&.\\-]*");
    private static final String WORD_TRAILING_PUNCTUATION = ".&-";

    /** Capitalised only because they open a sentence; they never name a company and break a name run. */
    private static final Set<String> COMMON_WORDS = Set.of(
            "i", "the", "we", "this", "that", "let's", "let", "please", "also", "but", "and", "maybe",
            "not", "no", "yes", "it", "they", "he", "she", "our", "my", "very", "too", "so", "ok", "okay",
            "a", "an", "hi", "hello", "hey", "thanks", "thank", "if", "in", "on", "at", "for", "of", "to",
            "from", "by", "with", "you", "your", "is", "are", "was", "were", "be", "what", "why", "how",
            "when", "where", "who", "which", "just", "still", "now", "today", "tomorrow", "then", "should",
            "could", "would", "can", "will", "do", "does", "don", "did", "there", "these", "those", "some",
            "any", "all", "its", "as", "or", "note", "however", "sure", "well", "yeah", "great", "good",
            "bad", "next", "last", "after", "before", "pls", "fyi", "btw", "me", "us", "his", "her",
            "their", "them", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

    /** Chinese names are recognised only directly before these words. */
    private static final List<String> NAME_SUFFIXES = List.of("公司", "项目");

    /** 的, and Cantonese 嘅: a name before one of these and an aspect of a company ({@link #ASPECTS}). */
    private static final List<String> POSSESSIVES = List.of("的", "嘅");

    /** Words that say what kind of company a generic word after them is (工业机器人, 金融科技), not which. */
    private static final Set<String> DESCRIPTIVE_STEMS = Set.of(
            "服务", "工业", "家用", "商用", "协作", "四足", "双足", "手术", "康复", "陪伴", "扫地", "清洁", "物流", "农业", "教育", "金融", "医疗",
            "智能", "人工", "自动", "数字", "智慧", "传统", "头部", "中小", "初创", "新兴", "上游", "下游", "通用", "垂直", "行业", "企业", "消费",
            "国产", "特种", "仿生", "生物", "新能源", "半导体", "互联网", "人形", "具身", "大数据", "云计算", "测试", "训练", "合成", "运营", "交易", "公开",
            "内部", "核心", "主要", "整体", "历史", "实际", "真实", "最终", "后续", "第三方", "临床", "实验", "经营", "销售", "宏观", "行情", "地图",
            "卫星", "遥感", "气象", "医学", "基因", "健康", "招聘", "营销", "广告", "交通", "位置", "日志", "行为", "标注", "开源", "国内", "海外",
            "端侧", "边缘", "空间", "群体", "机器", "商业", "硬", "黑", "高", "大", "新", "老", "小", "这家", "那家", "某", "一家", "智驾", "风控",
            "功耗", "房地产", "晶圆级", "宠物", "异构", "征程", "真机", "合规", "采集", "性能", "能耗", "算法", "车载", "工控", "安防", "航空", "军工",
            "光伏", "锂电", "新材料", "合成生物", "算力", "云端", "智算");

    /** What a chat message opens with when it names no one: thanks, reactions, verdicts, notes (谢谢 辛苦了, 真香 …). */
    private static final List<String> CHAT_OPENERS = List.of("谢谢", "感谢", "多谢", "收到", "好的", "好滴", "辛苦",
            "真香", "有点", "有意思", "优先", "以后", "另外", "顺便", "对了", "还有", "哈哈", "呵呵", "笑死", "绝了", "离谱",
            "离大谱", "无语", "服了", "算了", "行吧", "可以", "不错", "牛", "厉害", "呢间", "呢个", "总结", "结论", "补充",
            "提醒", "注意", "重要", "紧急", "转发", "同意", "赞同", "确实", "是的", "没错", "对的", "嗯", "哦", "啊", "唉",
            "塞道", "赛道", "整体", "总体", "大概", "感觉", "估计", "听说", "据说", "刚刚", "刚才", "早", "晚安", "周末",
            "早安", "午安");

    /** Words after which a PM names the company a remark is about: 关于X，对于X，至于X， */
    private static final List<String> TOPIC_OPENERS = List.of("关于", "对于", "至于", "那个");

    /** What 这个 may be followed by when the word before it is a company: 知更鸟这个嘛, 积木这个项目. */
    private static final List<String> POINTED_AT = List.of("嘛", "呢", "啊", "吧", "项目", "公司", "团队", "案子", "标的");

    /** Words pointing back at the company named right before them: X这家, X那家, X这单. */
    private static final List<String> POINTERS = List.of("这家", "那家", "这单", "那单", "这个");

    /** The endings of Chinese company names: 北极狐科技, 苍穹智能, 星轨机器人, 砺石数据, 冰川算力. */
    private static final List<String> COMPANY_ENDINGS = List.of("科技", "智能", "机器人", "数据", "芯片", "算力",
            "医疗", "生物", "能源", "储能", "材料", "动力", "智造", "视觉", "半导体", "航天", "光电", "互娱", "网络");

    /** What opens a spoken sentence before a name (voice input): 那个, 嗯, 就是说, 然后. */
    private static final List<String> SPOKEN_OPENERS = List.of("就是说", "那个", "然后", "嗯", "这个");

    /** Verbs after which the one a PM meets or talks with is named: 跟X聊, 约了X见面. */
    private static final List<String> MEETING_VERBS = List.of("跟", "和", "约了", "约", "见了", "拜访了", "刚从", "从",
            "去");

    /** Of those, the ones after which "X的…" is someone of X's: 见了星轨机器人的人 (not 和运营商的项目, 过去三年的). */
    private static final Set<String> VISIT_VERBS = Set.of("跟", "约了", "见了", "拜访了");

    /** "wren's got something", "pebble's team is fine": a lower-case word owning something at a clause's start. */
    private static final Pattern LOWER_CASE_OWNER = Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])(\\p{Ll}[\\p{Ll}\\p{Nd}]+)['’]s\\b");

    /** Who a PM meets when it is no company, in Chinese: 跟领导开会, 约了医生见面. */
    private static final Set<String> HAN_PEOPLE = Set.of("领导", "医生", "律师", "老师", "客户", "家人", "孩子", "老婆",
            "老公", "爸妈", "父母", "媒体", "记者", "猎头", "会计", "审计", "顾问", "专家", "同学", "校友", "邻居", "房东");

    /** Who a PM meets when it is no company: "call with legal", "ping everyone". */
    private static final Set<String> PEOPLE_AND_ROLES = Set.of(
            "legal", "finance", "ops", "sales", "marketing", "team", "founder", "founders", "ceo", "cto", "cfo",
            "coo", "partner", "partners", "investor", "investors", "lp", "lps", "lawyer", "lawyers", "counsel",
            "board", "ic", "everyone", "someone", "anyone", "folks", "guys", "him", "her", "them", "people",
            "management", "engineering", "product", "design", "hr", "recruiting", "portfolio", "bd", "friend",
            "friends", "mom", "dad", "family", "wife", "husband", "kids", "price", "pricing", "terms", "numbers",
            "data", "deck", "here", "there", "that", "what", "who", "it", "he", "she", "nobody", "everybody",
            "somebody", "anybody", "today", "tomorrow", "yesterday", "where", "how", "why", "when", "this");

    /** What a PM does with the one met: the name ends right before one of these. */
    private static final List<String> TALK_WORDS = List.of("聊", "谈", "见面", "见一面", "碰", "吃饭", "吃了", "开会",
            "开完会", "通话", "通了电话", "沟通", "交流", "call", "回来", "现场", "看了", "定了");

    /**
     * After these a Latin word, in any case, is the one met or asked about: "跟harbor通了电话", "met with nimbus",
     * "caught up w/ anvil", "帮我查下nimbus" (the, a and their are skipped; common words never name; "pass on the
     * deck" is no meeting).
     */
    private static final Pattern LATIN_AFTER_MEETING = Pattern.compile(
            "(?:(?:跟|约了|约|见了|拜访|查下|查一下|回一下)\\s*|(?i:\\b(?:met with|met w/|meeting with|call with|call w/"
                    + "|chat with|chat w/|caught up with|caught up w/|coffee with|coffee w/|dinner with|dinner w/|lunch with"
                    + "|lunch w/|intro to|ping))\\s+)(?:(?i:the|a|their)\\s+)?"
                    + "([\\p{IsLatin}][\\p{IsLatin}\\p{Nd}]+)");

    /** Complements that end a verb, not start a name: 约一下, 推进, 看完, 聊过, 见到. */
    private static final String VERB_COMPLEMENTS = "下进完过到";

    /** The parts of a company a PM judges: "X的团队", "X的创始人", "X的估值" name X. */
    private static final List<String> ASPECTS = List.of("团队", "创始人", "创始团队", "联合创始人", "创业团队", "管理层",
            "CEO", "CTO", "CFO", "COO", "ceo", "cto", "cfo", "founder", "估值", "报价", "产品", "技术", "客户", "财务",
            "收入", "营收", "毛利", "留存", "护城河", "壁垒", "商业模式", "商业化", "融资", "订单", "交付", "deck", "Deck",
            "BP", "demo", "Demo", "芯片", "月报", "财报", "工厂", "产线", "良率", "工程师", "尽调", "条款", "TS", "材料",
            "进展", "业务");

    /**
     * Function and verb characters that cannot end the text preceding a name:
     * "少推|国内大模型项目", "这家|公司". The name starts after the last one.
     */
    private static final String BOUNDARY_CHARS =
            "的了向推投看这那该家个是和与及对在把被给说觉得很都也还就某一些我你他她们从跟为让请但而或即若并且又再才仅各每其见约聊谈找碰做帮";

    /** Where a name may start: after a function word, a verb's complement or a verb (约一下|星尘智能, 去|星轨机器人). */
    private static final String NAME_LEFT_EDGE = BOUNDARY_CHARS + "下进完过到去像于於从好查问访回嗯啊";

    /**
     * What may follow a company's name in the same Han run: a function word, a particle, or a character a
     * predicate starts with (苔原科技上一轮, 砚池机器人要关门, 栖云科技开口); anything else makes a longer word
     * (智能化, 科技感, 算力调度).
     */
    private static final String PREDICATE_STARTS = BOUNDARY_CHARS + "啊呢吧嘛啦上要开两已在刚有没不太真最去今明前每";

    /** Corporate-form words after the short name ("月之暗面科技有限公司" → 月之暗面). */
    private static final List<String> ORG_FORM_WORDS = List.of("有限责任", "有限", "股份", "控股", "集团", "科技", "技术", "网络", "信息");

    /** Descriptive Chinese words: a candidate made only of these is a description, not a name. */
    private static final Set<String> GENERIC_HAN_WORDS = Set.of(
            "海外", "国内", "国外", "中国", "美国", "欧洲", "早期", "中期", "后期", "晚期", "天使", "天使轮",
            "大模型", "模型", "科技", "技术", "初创", "创业", "独角兽", "头部", "知名", "明星", "优质", "热门",
            "新", "老", "小", "大", "好", "这", "那", "该", "本", "此", "其他", "其它", "同类", "类似", "相关",
            "上市", "机器人", "芯片", "半导体", "软件", "硬件", "互联网", "平台", "集团", "有限", "有限责任",
            "股份", "控股", "网络", "信息", "基金", "投资", "应用", "工具", "消费", "医疗", "金融", "教育", "晶片");

    private static final int MIN_HAN_NAME = 2;
    private static final int MAX_HAN_NAME = 4;

    /**
     * Words between a subject and its evaluation that are not part of the name: "云深处的报价太高",
     * "云深处这轮估值太高", "它石智航团队不错", "云深处那边可以推进". The longest is stripped first.
     */
    private static final List<String> SUBJECT_LINKS = List.of(
            "的", "这轮", "这次", "本轮", "那边", "这边", "这单", "整体", "现在", "目前", "最近", "确实", "真的", "其实", "也",
            "估值", "报价", "价格", "团队", "技术", "产品", "收入", "毛利率", "毛利", "增长", "订单", "商业化", "模型",
            "数据", "创始人", "融资", "口碑", "交付", "业务", "进展", "表现", "方向", "项目", "公司");

    /** The links of two or more characters: one starts a predicate after a name ("云深处报价…"). */
    private static final List<String> LONG_SUBJECT_LINKS = SUBJECT_LINKS.stream().filter(w -> w.length() >= 2).toList();

    /** Words opening a clause before its subject: "虽然硅基流动的技术不错" → 硅基流动. */
    private static final List<String> CLAUSE_OPENERS = List.of(
            "虽然", "尽管", "但是", "但", "不过", "可是", "可惜", "而且", "另外", "还有", "所以", "因为", "其实", "感觉",
            "觉得", "确实", "真的", "总体", "整体", "个人", "至于", "关于", "对于", "除非", "如果", "只要", "即使", "哪怕");

    /** Adverbs that open a predicate, not a name (先不推进, 还不错, 都很强); and 不 / 没 / 别 anywhere. */
    private static final String NOT_A_NAME_START = "先再还都也就才只又更太挺最刚几两三四五六七八九十要谁";
    private static final String NOT_IN_A_NAME = "不没别";

    /**
     * The first word of a dictionary name, used alone as the name: "Scale 估值太高" (Scale AI),
     * "Figure's humanoid" (Figure AI). Capitalised, and followed by Chinese or a possessive, so that
     * "scale", "figure out" or "Scale matters" stay words.
     */
    private static final Pattern FIRST_WORD_AS_NAME =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])(\\p{Lu}[\\p{IsLatin}]+)(?=\\s*\\p{IsHan}|['’]s\\b)");

    /**
     * Never a subject name although a Han run before an evaluation: pronouns, time words, and the
     * nouns a PM evaluates (这个赛道太小, 本周太忙, 市场太小, 体量太小).
     */
    private static final Set<String> NOT_A_SUBJECT = Set.copyOf(List.of( // a list: the groups below may overlap
            "本周", "这周", "下周", "上周", "今天", "明天", "昨天", "今年", "去年", "明年", "最近", "目前", "现在",
            "之前", "以前", "以后", "今后", "这轮", "本轮", "这次", "上次", "他们", "我们", "你们", "大家", "对方", "整体",
            "整个", "行业", "市场", "赛道", "方向", "领域", "板块", "项目", "公司", "团队", "产品", "技术", "业务",
            "数据", "模型", "价格", "报价", "估值", "体量", "规模", "速度", "能力", "执行力", "护城河", "壁垒", "天花板",
            "门槛", "竞争", "风险", "收入", "利润", "毛利", "毛利率", "创始人", "管理层", "商业模式", "故事", "逻辑",
            "进展", "表现", "效果", "体验", "用户", "客户", "留存", "增长", "融资", "口碑", "交付", "订单", "条款",
            "节奏", "路线", "路径", "场景", "需求", "供应链", "成本", "现金流", "打法", "策略", "思路", "判断",
            "感觉", "印象", "材料", "资料", "会议", "时间", "价值", "潜力", "前景", "空间", "格局", "机会", "情况",
            "商业化", "产品力", "技术力", "基本面", "财务", "单位经济", "现金", "利润率", "增速", "体系", "生态",
            "模式", "东西", "事情", "问题", "想法", "计划", "安排", "地方", "部分", "整体来看", "开源", "社区",
            "要不要", "能不能", "可不可以", "是不是", "有没有", "佢哋", "我哋", "你哋", "大厂", "友商", "全国", "阶段",
            "更新", "最新",
            // the nouns and time words a sentence opens with when it evaluates no company
            "上午", "下午", "晚上", "早上", "中午", "周末", "月底", "年底", "年初", "年后", "节后", "季度", "本月",
            "回头", "稍后", "之后", "后面", "后续", "接下来", "当前", "眼下", "短期", "长期", "股权", "结构", "营收",
            "研发", "量产", "出货", "良率", "产能", "渠道", "销量", "销售", "复购", "续约", "获客", "品牌", "定价",
            "专利", "算力", "费用", "人效", "班子", "背景", "履历", "经验", "资源", "关系", "合同", "协议", "轮次",
            "领投", "跟投", "老股", "份额", "股价", "市值", "财报", "招股书", "论文", "落地", "日活", "月活", "流量",
            "转化", "净利", "亏损", "烧钱", "账上", "账期", "应收", "库存", "算法", "方案", "架构", "竞品", "对手",
            "友商", "巨头", "同行", "政策", "监管", "宏观", "利率", "汇率", "美元", "人民币", "额度", "投委会",
            "合伙人", "同事", "老板", "朋友", "楼下", "隔壁", "咖啡", "天气", "港股", "美股", "一级", "二级",
            "自己", "别人", "人家", "投资人", "老板们", "创业者", "估计", "听说", "据说", "看来", "总之", "反正",
            "说实话", "老实说", "坦白说", "说真的", "一句话", "期间", "创始", "电脑", "手机", "流片", "力控", "搜索",
            "存算", "推理", "训练", "部署", "仿真", "感知", "控制", "个人", "建议", "必须", "主要", "担心", "希望",
            "考虑", "打算", "准备", "决定", "认为", "发现", "知道", "记得", "注意", "提醒", "麻烦", "帮忙", "安排",
            "北京", "上海", "深圳", "广州", "杭州", "苏州", "南京", "成都", "武汉", "西安", "重庆", "天津", "合肥",
            "贵州", "贵阳", "香港", "台湾", "新加坡", "日本", "韩国", "美国", "欧洲", "硅谷", "湾区", "东南亚", "中东",
            "印度", "海外", "国内", "全球", "完全", "根本", "基本", "几乎", "明显", "显然", "简直", "绝对", "一定",
            "肯定", "可能", "大概", "也许", "电芯", "腰部", "生态链", "管理", "按照", "演示", "文档", "上手", "视频",
            "系统", "会议", "电话", "邮件", "微信", "报告", "纪要", "合作", "沟通", "交流", "谈判", "路演", "拜访",
            "调研", "体验"));

    private final List<DictionaryName> dictionary;
    private final Set<String> genericWords;
    private final int longestGenericWord;
    private final Set<String> nameSuffixes;
    private final Set<String> commonWords;
    /** Evaluation and decision words whose subject is a name (Han, longest first); empty = the rule is off. */
    private final List<String> subjectTriggers;
    /** The same, for look-ups of a candidate's parts (a name is a few characters; the triggers are hundreds). */
    private final Set<String> subjectTriggerSet;
    /** The lexicon's stop words and negations: never a subject (可以约一下, 不太看好). */
    private final Set<String> nonSubjects;
    /** "scale" → Scale AI: first words of dictionary names whose other words are name suffixes. */
    private final Map<String, String> firstWords;

    /**
     * @param dictionary   display names recognised anywhere in a text (configurable, from the lexicon)
     * @param genericWords words that are never an entity on their own ("AI", "VC"), any case; they
     *                     may still continue a name ("Figure AI")
     */
    public EntityExtractor(Set<String> dictionary, Set<String> genericWords) {
        this(EntityNames.of(dictionary, genericWords));
    }

    /** @param names the entity dictionary with aliases, generic words, name suffixes and common words */
    public EntityExtractor(EntityNames names) {
        this(names, Set.of(), Set.of());
    }

    /**
     * @param subjectTriggers evaluation and decision words (估值太高, 可以推进, 不错 …): the Han run right
     *                        before one is a name even when no dictionary lists it ("云深处估值太高" →
     *                        云深处), unless it is a pronoun, a time word or a generic noun
     * @param nonSubjects     words that are never such a name (the lexicon's stop words and negations)
     */
    public EntityExtractor(EntityNames names, Set<String> subjectTriggers, Set<String> nonSubjects) {
        this(names, subjectTriggers, nonSubjects, TraditionalChars.NONE);
    }

    /**
     * As above, for texts read in simplified characters: every dictionary name is matched in its
     * simplified form too (an alias registered as 鴻海 is found in the text 鸿海), and shown as written.
     */
    public EntityExtractor(EntityNames names, Set<String> subjectTriggers, Set<String> nonSubjects,
                           TraditionalChars traditional) {
        List<DictionaryName> entries = new ArrayList<>();
        for (List<String> group : names.groups()) {
            String canonical = group.get(0);
            for (String alias : group) {
                String key = traditional.simplify(
                        fold(Normalizer.normalize(Objects.requireNonNull(alias), Normalizer.Form.NFKC))).strip();
                if (!key.isEmpty()) {
                    entries.add(new DictionaryName(canonical, key));
                }
            }
        }
        this.dictionary = List.copyOf(entries);
        Set<String> generic = new LinkedHashSet<>();
        for (String word : names.generic()) {
            generic.add(TextNormalizer.nfkcLower(word));
        }
        generic.addAll(GENERIC_HAN_WORDS);
        this.genericWords = Collections.unmodifiableSet(generic);
        this.longestGenericWord = generic.stream().mapToInt(String::length).max().orElse(0);
        this.nameSuffixes = lowerAll(names.nameSuffixes());
        Set<String> common = new LinkedHashSet<>(COMMON_WORDS);
        common.addAll(lowerAll(names.commonWords()));
        this.commonWords = Collections.unmodifiableSet(common);
        List<String> triggers = new ArrayList<>();
        for (String trigger : subjectTriggers) {
            String key = TextNormalizer.nfkcLower(trigger).strip();
            if (key.codePointCount(0, key.length()) >= 2 && isHan(key.codePointAt(0))) {
                triggers.add(key);
            }
        }
        triggers.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        this.subjectTriggers = List.copyOf(triggers);
        this.subjectTriggerSet = Set.copyOf(triggers);
        this.nonSubjects = lowerAll(nonSubjects);
        Map<String, String> first = new LinkedHashMap<>();
        for (List<String> group : names.groups()) {
            for (String alias : group) {
                String[] words = TextNormalizer.nfkcLower(alias).strip().split("\\s+");
                if (words.length >= 2 && Arrays.stream(words, 1, words.length).allMatch(this.nameSuffixes::contains)) {
                    first.putIfAbsent(words[0], group.get(0));
                }
            }
        }
        this.firstWords = Collections.unmodifiableMap(first);
    }

    private static Set<String> lowerAll(Set<String> words) {
        Set<String> lower = new LinkedHashSet<>();
        words.forEach(w -> lower.add(TextNormalizer.nfkcLower(w).strip()));
        return Collections.unmodifiableSet(lower);
    }

    /**
     * Entity display names in order of first appearance, deduplicated by {@link TextNormalizer#nfkcLower};
     * a dictionary name is given as its entity's canonical name (Kimi → 月之暗面).
     */
    public List<String> extract(String text) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (Mention mention : mentions(text)) {
            byKey.putIfAbsent(TextNormalizer.nfkcLower(mention.entity()), mention.entity());
        }
        return List.copyOf(byKey.values());
    }

    /**
     * Where an entity is named: the words as read (NFKC; in simplified characters when the analyzer
     * reads traditional ones as simplified), the entity they name, and whether the
     * name is in the dictionary (recognised anywhere) rather than found by a heuristic that
     * depends on its context (a capital letter, a following 公司 / 项目).
     */
    public record Mention(String surface, String entity, boolean fromDictionary) {
    }

    /** Every mention, in text order (one entity may be mentioned several times, by different names). */
    public List<Mention> mentions(String text) {
        String nfkc = Normalizer.normalize(Objects.requireNonNull(text), Normalizer.Form.NFKC);
        String folded = fold(nfkc);
        List<Span> dictionarySpans = dictionaryMatches(nfkc, folded);
        List<Span> all = new ArrayList<>(dictionarySpans);
        List<Span> heuristic = new ArrayList<>();
        latinNames(nfkc, heuristic);
        chineseNames(nfkc, heuristic);
        if (!subjectTriggers.isEmpty()) {
            List<int[]> triggers = triggerOccurrences(folded); // both subject rules read the same occurrences
            subjectNames(nfkc, triggers, heuristic);
            sentenceSubjects(nfkc, triggers, heuristic);
        }
        // The dictionary is authoritative: "零一万物公司" is 零一万物, not the heuristic "万物".
        for (Span span : heuristic) {
            if (dictionarySpans.stream().noneMatch(span::overlaps)) {
                all.add(span);
            }
        }
        all.sort(Comparator.comparingInt(Span::start));
        return all.stream().map(span -> new Mention(nfkc.substring(span.start(), span.end()), span.name(),
                dictionarySpans.contains(span))).toList();
    }

    // --- dictionary ---------------------------------------------------------------------------

    private List<Span> dictionaryMatches(String nfkc, String folded) {
        List<Span> found = new ArrayList<>();
        for (DictionaryName name : dictionary) {
            for (int at = folded.indexOf(name.key()); at >= 0; at = folded.indexOf(name.key(), at + 1)) {
                if (atLatinBoundaries(folded, at, at + name.key().length())
                        && !commonWordInLowerCase(nfkc.substring(at, at + name.key().length()))) {
                    found.add(new Span(at, at + name.key().length(), name.display()));
                }
            }
        }
        Matcher firstWord = FIRST_WORD_AS_NAME.matcher(nfkc);
        while (firstWord.find()) {
            String canonical = firstWords.get(firstWord.group(1).toLowerCase(Locale.ROOT));
            if (canonical != null) {
                found.add(new Span(firstWord.start(1), firstWord.end(1), canonical));
            }
        }
        // Longest match wins where two dictionary names overlap, then the earliest; the name
        // breaks the last tie so the result never depends on the dictionary's iteration order.
        found.sort(Comparator.comparingInt((Span s) -> s.end() - s.start()).reversed()
                .thenComparingInt(Span::start).thenComparing(Span::name));
        List<Span> accepted = new ArrayList<>();
        for (Span span : found) {
            if (accepted.stream().noneMatch(span::overlaps)) {
                accepted.add(span);
            }
        }
        return accepted;
    }

    /** "runway" in running text is the word; "Runway" may be the company. */
    private boolean commonWordInLowerCase(String found) {
        return found.equals(found.toLowerCase(Locale.ROOT)) && commonWords.contains(found);
    }

    /** A Latin dictionary name must not be the inside of a longer Latin word ("Kimi" in "Kimiko"). */
    private static boolean atLatinBoundaries(String s, int start, int end) {
        boolean startOk = !isLatinOrDigit(s.charAt(start)) || start == 0 || !isLatinOrDigit(s.charAt(start - 1));
        boolean endOk = !isLatinOrDigit(s.charAt(end - 1)) || end == s.length() || !isLatinOrDigit(s.charAt(end));
        return startOk && endOk;
    }

    // --- capitalised Latin names --------------------------------------------------------------

    private void latinNames(String nfkc, List<Span> out) {
        Matcher matcher = LATIN_WORD.matcher(nfkc);
        List<Span> run = new ArrayList<>();
        while (matcher.find()) {
            int end = matcher.end();
            while (end > matcher.start() + 1 && WORD_TRAILING_PUNCTUATION.indexOf(nfkc.charAt(end - 1)) >= 0) {
                end--;
            }
            Span word = new Span(matcher.start(), end, nfkc.substring(matcher.start(), end));
            if (!run.isEmpty() && !followsWithSingleSpace(nfkc, run.get(run.size() - 1), word)) {
                flushRun(nfkc, run, out);
            }
            run.add(word);
        }
        flushRun(nfkc, run, out);
    }

    private static boolean followsWithSingleSpace(String nfkc, Span previous, Span word) {
        return word.start() == previous.end() + 1 && nfkc.charAt(previous.end()) == ' ';
    }

    /**
     * Splits a run of capitalised words at sentence words, drops leading generic words, and ends a
     * name at a generic word that is not a name suffix ("OpenAI CEO" → OpenAI, "Figure AI" stays).
     */
    private void flushRun(String nfkc, List<Span> run, List<Span> out) {
        List<Span> part = new ArrayList<>();
        for (Span word : run) {
            String key = TextNormalizer.nfkcLower(word.name());
            boolean generic = genericWords.contains(key);
            if (!part.isEmpty() && nameSuffixes.contains(key)) {
                part.add(word); // a name suffix continues a name even when it is also a word ("Kestrel Robotics")
            } else if (commonWords.contains(key) || (generic && !nameSuffixes.contains(key))) {
                emitName(nfkc, part, out);
                part.clear();
            } else if (!part.isEmpty() || !generic) {
                part.add(word); // name suffixes are kept inside a name ("Figure AI") but never start one
            }
        }
        emitName(nfkc, part, out);
        run.clear();
    }

    /** A single Latin letter ("C" of "To C") is never a name, nor a model number (H100, L4, B200). */
    private static void emitName(String nfkc, List<Span> words, List<Span> out) {
        if (!words.isEmpty()) {
            int start = words.get(0).start();
            int end = words.get(words.size() - 1).end();
            if (nfkc.codePointCount(start, end) > 1 && !MODEL_NUMBER.matcher(nfkc.substring(start, end)).matches()) {
                out.add(new Span(start, end, nfkc.substring(start, end)));
            }
        }
    }

    /** A chip's or product's model number: one or two letters, then digits (H100, A800, L4, B200, M4). */
    private static final Pattern MODEL_NUMBER = Pattern.compile("[A-Za-z]{1,2}\\d{1,4}[A-Za-z]?");

    // --- Chinese names before 公司 / 项目 ------------------------------------------------------

    private void chineseNames(String nfkc, List<Span> out) {
        for (String suffix : NAME_SUFFIXES) {
            for (int at = nfkc.indexOf(suffix); at >= 0; at = nfkc.indexOf(suffix, at + 1)) {
                chineseNameBefore(nfkc, at).ifPresent(out::add);
            }
        }
        // "刚跟墨川聊完", "约了云舟见面": the one a PM meets or talks with
        for (String verb : MEETING_VERBS) {
            for (int at = nfkc.indexOf(verb); at >= 0; at = nfkc.indexOf(verb, at + 1)) {
                if (!nfkc.startsWith("约束", at)) {
                    nameMet(nfkc, at + verb.length(), VISIT_VERBS.contains(verb)).ifPresent(out::add);
                }
            }
        }
        spacedTopic(nfkc).ifPresent(out::add);
        companyEndings(nfkc, out);
        Matcher owner = LOWER_CASE_OWNER.matcher(nfkc);
        while (owner.find()) {
            String key = owner.group(1);
            if (opensClause(nfkc, owner.start(1)) && !anEverydayWord(key)) {
                out.add(new Span(owner.start(1), owner.end(1), key));
            }
        }
        Matcher met = LATIN_AFTER_MEETING.matcher(nfkc);
        while (met.find()) {
            String word = met.group(1);
            if (Character.isLowerCase(word.charAt(0)) && !anEverydayWord(word.toLowerCase(Locale.ROOT))
                    && !MODEL_NUMBER.matcher(word).matches() && word.length() > 1) {
                out.add(new Span(met.start(1), met.end(1), word));
            }
        }
        // "关于拾光影像，我个人的看法是…", "碳硅科技这家，我们看了几次": the company a PM turns to
        for (String topic : TOPIC_OPENERS) {
            for (int at = nfkc.indexOf(topic); at >= 0; at = nfkc.indexOf(topic, at + 1)) {
                topicAfter(nfkc, at + topic.length()).ifPresent(out::add);
            }
        }
        for (String pointer : POINTERS) {
            for (int at = nfkc.indexOf(pointer); at >= 0; at = nfkc.indexOf(pointer, at + 1)) {
                int after = at + pointer.length();
                // 这个 points back at a company only when a kind of thing does not follow it (这个方向, 这个价位)
                if (!pointer.equals("这个") || after >= nfkc.length() || !isHan(nfkc.charAt(after))
                        || POINTED_AT.stream().anyMatch(w -> nfkc.startsWith(w, after))) {
                    nameBeforeAspect(nfkc, at).ifPresent(out::add);
                }
            }
        }
        // "和麦田数据的创始人聊了", "青禾智能的团队…": what a PM judges of a company names the company before it
        for (String possessive : POSSESSIVES) {
            for (int at = nfkc.indexOf(possessive); at >= 0; at = nfkc.indexOf(possessive, at + 1)) {
                int after = at + possessive.length();
                if (ASPECTS.stream().anyMatch(aspect -> nfkc.startsWith(aspect, after))) {
                    nameBeforeAspect(nfkc, at).ifPresent(out::add);
                }
            }
        }
    }

    /** A lower-case Latin word that is no name: a sentence word, a generic or stop word, a person or a role. */
    private boolean anEverydayWord(String key) {
        return COMMON_WORDS.contains(key) || commonWords.contains(key) || genericWords.contains(key)
                || nonSubjects.contains(key) || PEOPLE_AND_ROLES.contains(key);
    }

    /**
     * "跟墨川聊完", "约了云舟见面": the Han run right after a meeting verb, up to a word of talking or meeting
     * (聊, 见面, 吃饭 …), is the one met: 2–5 characters, as the names before 的 are guarded.
     */
    private Optional<Span> nameMet(String nfkc, int from, boolean possessiveEnds) {
        int end = from;
        while (end < nfkc.length() && isHan(nfkc.charAt(end)) && end - from <= MAX_HAN_NAME + 1) {
            end++;
            int at = end;
            if (end - from >= MIN_HAN_NAME && (TALK_WORDS.stream().anyMatch(talk -> nfkc.startsWith(talk, at))
                    || possessiveEnds && POSSESSIVES.stream().anyMatch(p -> nfkc.startsWith(p, at)))) {
                String name = nfkc.substring(from, end);
                boolean aName = !notANameBeforeAspect(name) && !describesAKind(name) && !PERSON.matcher(name).matches()
                        && !HAN_PEOPLE.contains(name);
                return aName ? Optional.of(new Span(from, end, name)) : Optional.empty(); // the nearest talk word decides
            }
        }
        return Optional.empty();
    }

    /** "关于拾光影像，…": the whole Han run (2–5 characters) after 关于 / 对于 / 至于, up to punctuation. */
    private Optional<Span> topicAfter(String nfkc, int from) {
        int end = from;
        while (end < nfkc.length() && isHan(nfkc.charAt(end)) && end - from <= MAX_HAN_NAME + 1) {
            end++;
        }
        if (end >= nfkc.length() || Character.isLetterOrDigit(nfkc.codePointAt(end))) {
            return Optional.empty(); // the topic runs on: a phrase, not a name
        }
        String name = nfkc.substring(from, end);
        int length = name.codePointCount(0, name.length());
        if (length < MIN_HAN_NAME || length > MAX_HAN_NAME + 1 || notANameBeforeAspect(name) || describesAKind(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(from, end, name));
    }

    /**
     * "北极狐科技 TS签了", "那个 苍穹智能 就是说…", "冰川算力demo翻车了": a run that ends with a company's
     * ending (科技, 智能, 机器人, 数据 …) after a word of its own is a name wherever it stands, once what opens
     * a spoken sentence (那个, 嗯, 就是说) is set aside. Never a kind (工业机器人, 临床数据) nor a phrase.
     */
    private void companyEndings(String nfkc, List<Span> out) {
        int i = 0;
        while (i < nfkc.length()) {
            if (!isHan(nfkc.charAt(i))) {
                i++;
                continue;
            }
            int runEnd = i;
            while (runEnd < nfkc.length() && isHan(nfkc.charAt(runEnd))) {
                runEnd++;
            }
            String run = nfkc.substring(i, runEnd); // searched alone: the rest of a long text is not scanned per run
            for (String ending : COMPANY_ENDINGS) {
                for (int inRun = run.indexOf(ending); inRun >= 0; inRun = run.indexOf(ending, inRun + 1)) {
                    int at = i + inRun;
                    int end = at + ending.length();
                    if (end < runEnd && PREDICATE_STARTS.indexOf(nfkc.charAt(end)) < 0
                            || nfkc.startsWith("有限", end) || nfkc.startsWith("股份", end)) {
                        continue; // the run goes on (智能化, 科技感, 算力调度), or is a legal name the 公司 rule reads
                    }
                    // the stem: back to the run's start, a function word, a verb's complement or a filler, 4 at most
                    int start = at;
                    while (start > i && !opensAName(nfkc, i, start) && at - start < MAX_HAN_NAME) {
                        start--;
                    }
                    if (!opensAName(nfkc, i, start)) {
                        continue; // longer than a name: a phrase (自动驾驶芯片, 要发新机器人)
                    }
                    if (end + 2 <= nfkc.length() && nfkc.startsWith("AI", end)
                            && (end + 2 == nfkc.length() || !Character.isLetter(nfkc.charAt(end + 2)))) {
                        end += 2; // 潮汐能源AI
                    }
                    for (String opener : CLAUSE_OPENERS) {
                        if (nfkc.startsWith(opener, start) && at - start - opener.length() >= MIN_HAN_NAME) {
                            start += opener.length(); // 虽然|灵犀数据的…
                            break;
                        }
                    }
                    String stem = nfkc.substring(start, at);
                    String name = nfkc.substring(start, end);
                    if (stem.length() >= MIN_HAN_NAME && !notANameBeforeAspect(name) && !describesAKind(name)
                            && !DESCRIPTIVE_STEMS.contains(stem) && !notANameBeforeAspect(stem) && !endsAsAKind(stem, ending)) {
                        out.add(new Span(start, end, name));
                    }
                }
            }
            i = runEnd;
        }
    }

    /** 半年具身|智能, 谁负责硬|科技: the stem ends with a word that makes the ending a kind (具身智能, 硬科技). */
    private boolean endsAsAKind(String stem, String ending) {
        for (int cut = 0; cut < stem.length(); cut++) {
            String tail = stem.substring(cut);
            if (DESCRIPTIVE_STEMS.contains(tail) || genericWords.contains(tail + ending)) {
                return true;
            }
        }
        return false;
    }

    /** A name may start at {@code start} of the Han run at {@code runStart}: its start, a function word's end, a filler's. */
    private static boolean opensAName(String nfkc, int runStart, int start) {
        return start == runStart || NAME_LEFT_EDGE.indexOf(nfkc.charAt(start - 1)) >= 0
                || SPOKEN_OPENERS.stream().anyMatch(f -> nfkc.startsWith(f, start - f.length()));
    }

    /**
     * "云舟 想跟创始人当面聊聊", "知微 NRR 135%": in chat a Han run of 2–4 characters opening the message,
     * set apart by a space, is its topic, a name unless it is a word a sentence opens with.
     */
    private Optional<Span> spacedTopic(String nfkc) {
        int start = 0;
        while (start < nfkc.length() && Character.isWhitespace(nfkc.charAt(start))) {
            start++;
        }
        for (String topic : TOPIC_OPENERS) {
            if (nfkc.startsWith(topic, start)) {
                return Optional.empty(); // 关于X …: topicAfter reads it
            }
        }
        int end = start;
        while (end < nfkc.length() && isHan(nfkc.codePointAt(end))) {
            end += Character.charCount(nfkc.codePointAt(end));
        }
        if (end == start || end + 1 >= nfkc.length() || nfkc.charAt(end) != ' '
                || !Character.isLetterOrDigit(nfkc.codePointAt(end + 1))) {
            return Optional.empty();
        }
        String name = nfkc.substring(start, end);
        int length = name.codePointCount(0, name.length());
        if (length < MIN_HAN_NAME || length > MAX_HAN_NAME || notANameBeforeAspect(name) || describesAKind(name)
                || PERSON.matcher(name).matches()
                || CHAT_OPENERS.stream().anyMatch(name::startsWith)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, end, name));
    }

    /**
     * The whole Han run before {@code possessiveAt}, from a boundary character (和麦田数据的 → 麦田数据) or
     * the clause's start, clause openers aside, kept as written (青穹科技 keeps 科技). A run too long to be
     * a name is a phrase ("未来三年的增长"), never cut to one.
     */
    private Optional<Span> nameBeforeAspect(String nfkc, int possessiveAt) {
        // a longer run is refused below anyway: walking further back would only make long texts quadratic
        int start = afterClauseOpeners(nfkc, runStartBefore(nfkc, possessiveAt, MAX_HAN_NAME + 4), possessiveAt);
        // a verb's complement before the name: 约一下|星尘智能的, 推进|南风出行的
        if (possessiveAt - start > MIN_HAN_NAME && VERB_COMPLEMENTS.indexOf(nfkc.codePointAt(start)) >= 0) {
            start += Character.charCount(nfkc.codePointAt(start));
        }
        String name = nfkc.substring(start, possessiveAt);
        int length = name.codePointCount(0, name.length());
        if (length < MIN_HAN_NAME || length > MAX_HAN_NAME + 1 || notANameBeforeAspect(name) || describesAKind(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, possessiveAt, name));
    }

    /** {@code start} moved past the clause openers there (虽然|硅基流动的…), never up to {@code end}. */
    private static int afterClauseOpeners(String nfkc, int start, int end) {
        int at = start;
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (String opener : CLAUSE_OPENERS) {
                if (nfkc.startsWith(opener, at) && at + opener.length() < end) {
                    at += opener.length();
                    stripped = true;
                    break;
                }
            }
        }
        return at;
    }

    /** Where the Han run ending at {@code end} starts, after its last boundary character (少推|国内大模型). */
    private static int runStartBefore(String nfkc, int end) {
        return runStartBefore(nfkc, end, Integer.MAX_VALUE);
    }

    /** As {@link #runStartBefore(String, int)}, at most {@code limit} characters back. */
    private static int runStartBefore(String nfkc, int end, int limit) {
        int start = end;
        while (start > 0 && end - start < limit) {
            int cp = nfkc.codePointBefore(start);
            if (!isHan(cp) || BOUNDARY_CHARS.indexOf(cp) >= 0) {
                break;
            }
            start -= Character.charCount(cp);
        }
        return start;
    }

    private Optional<Span> chineseNameBefore(String nfkc, int suffixAt) {
        int start = runStartBefore(nfkc, suffixAt);
        String candidate = stripOrgForm(nfkc.substring(start, suffixAt));
        if (segmentsIntoGeneric(candidate) || endsWithGenericWord(candidate)) {
            return Optional.empty();
        }
        int length = candidate.codePointCount(0, candidate.length());
        int cut = length > MAX_HAN_NAME ? candidate.offsetByCodePoints(0, length - MAX_HAN_NAME) : 0;
        String name = candidate.substring(cut);
        if (name.codePointCount(0, name.length()) < MIN_HAN_NAME
                || NOT_A_SUBJECT.contains(name) || segmentsIntoGeneric(name)
                || (cut > 0 && segmentsAfterCutGenericWord(candidate, cut))) {
            return Optional.empty();
        }
        return Optional.of(new Span(start + cut, start + candidate.length(), name));
    }

    // --- Chinese names before an evaluation or a decision -----------------------------------------

    /** "云深处估值太高" → 云深处: the subject of an evaluation is a name when nothing says otherwise. */
    /** Every occurrence of a subject trigger as {start, length}: longest trigger first, then in text order. */
    private List<int[]> triggerOccurrences(String folded) {
        List<int[]> found = new ArrayList<>();
        for (String trigger : subjectTriggers) {
            for (int at = folded.indexOf(trigger); at >= 0; at = folded.indexOf(trigger, at + 1)) {
                found.add(new int[] {at, trigger.length()});
            }
        }
        return found;
    }

    private void subjectNames(String nfkc, List<int[]> triggers, List<Span> out) {
        boolean[] covered = new boolean[nfkc.length() + 1];
        for (int[] trigger : triggers) { // longest first: 估值太高 claims its place before 太高
            int at = trigger[0];
            if (covered[at]) {
                continue;
            }
            for (int i = at; i < at + trigger[1]; i++) {
                covered[i] = true;
            }
            subjectBefore(nfkc, at).filter(span -> out.stream().noneMatch(span::overlaps)).ifPresent(out::add);
        }
    }

    private Optional<Span> subjectBefore(String nfkc, int triggerAt) {
        int end = triggerAt;
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (String link : SUBJECT_LINKS) {
                if (end - link.length() > 0 && nfkc.startsWith(link, end - link.length())) {
                    end -= link.length();
                    stripped = true;
                    break;
                }
            }
        }
        // The subject opens its clause: the whole Han run before the evaluation, clause openers aside.
        int start = end;
        while (start > 0 && isHan(nfkc.codePointBefore(start))) {
            start -= Character.charCount(nfkc.codePointBefore(start));
        }
        if (!opensClause(nfkc, start)) {
            return Optional.empty(); // after a Latin word or a digit: mid-clause ("约他们 CFO 过来见面")
        }
        start = afterClauseOpeners(nfkc, start, end);
        String name = nfkc.substring(start, end);
        int length = name.codePointCount(0, name.length());
        // Too long to be a clean name (a clause, not a subject): better no entity than half a phrase.
        if (length < MIN_HAN_NAME || length > MAX_HAN_NAME || neverASubject(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, end, name));
    }

    // --- Chinese names opening a sentence that evaluates or decides ---------------------------------

    /** Ends a sentence: the subject rule looks for an evaluation in the same sentence only. */
    private static final String SENTENCE_ENDS = "。！？!?；;\n";
    /** Ends a clause: a subject opens a clause (the first, or one after a comma). */
    private static final String CLAUSE_ENDS = "。！？!?；;\n，,、：:（）()";

    /**
     * Words that start the predicate after a subject, so end the name before them: "逐际动力的demo",
     * "星海图这家", "生数科技虽然估值偏高", "众擎机器人可以进DD了", "极佳科技先挂着", "非夕科技昨天来访".
     * Words of two characters where one character alone would cut names (可 of 可灵, 今 of 今日).
     */
    private static final List<String> PREDICATE_WORDS = List.of(
            "虽然", "尽管", "固然", "可以", "值得", "暂时", "目前", "现在", "最近", "昨天", "今天", "明天", "今年", "去年",
            "我们", "创始", "整体", "确实", "真的", "其实", "一直", "已经", "应该", "需要", "感觉", "看起来", "属于",
            "上周", "下周", "这周", "本周", "前天", "刚刚", "刚才", "上个月", "这个月", "上午", "下午");
    /** One character that starts a predicate and is rare inside a company name. */
    private static final String PREDICATE_CHARS = "的这那不没别很太挺都也还就才只又再先更最在给跟对把被是要让";
    /** Endings of a name of five or six characters (自变量机器人, 黑芝麻智能); a longer run is a phrase. */
    private static final List<String> LONG_NAME_ENDINGS = List.of(
            "智能", "科技", "机器人", "动力", "汽车", "半导体", "芯片", "医疗", "生物", "智造", "电子", "资本", "基金");
    /** Openers a clause may start with before its subject, besides {@link #CLAUSE_OPENERS}: "看完枢途科技的材料". */
    private static final List<String> MORE_OPENERS = List.of("看完", "听说", "据说", "至于说", "包括");
    private static final int MAX_LONG_NAME = 6;

    /**
     * "逐际动力的demo看了，硬件还可以，但是量产太慢，就不跟了" → 逐际动力: the Han run that opens a clause,
     * up to the word that starts its predicate, is a name when an evaluation or a decision follows in
     * the same sentence, and it is none of the pronouns, time words and generic nouns a PM opens with.
     */
    private void sentenceSubjects(String nfkc, List<int[]> triggers, List<Span> out) {
        int[] triggersBefore = triggerStartsBefore(triggers, nfkc.length());
        boolean sentenceStart = true;
        int sentenceEnd = -1;
        for (int at = 0; at < nfkc.length(); ) {
            int start = at;
            while (start < nfkc.length() && Character.isWhitespace(nfkc.charAt(start))) {
                sentenceStart |= nfkc.charAt(start) == '\n'; // a line break ends a sentence
                start++;
            }
            int clauseEnd = start;
            while (clauseEnd < nfkc.length() && CLAUSE_ENDS.indexOf(nfkc.charAt(clauseEnd)) < 0) {
                clauseEnd++;
            }
            if (sentenceEnd < clauseEnd) { // each sentence's end is found once: linear in the text
                sentenceEnd = clauseEnd;
                while (sentenceEnd < nfkc.length() && SENTENCE_ENDS.indexOf(nfkc.charAt(sentenceEnd)) < 0) {
                    sentenceEnd++;
                }
            }
            // the first clause of a sentence, or one a contrast or concession opens ("但墨芯的…")
            if (sentenceStart || startsWithAny(nfkc, start, CLAUSE_OPENERS)) {
                openingSubject(nfkc, triggersBefore, start, clauseEnd, sentenceEnd)
                        .filter(span -> out.stream().noneMatch(span::overlaps)).ifPresent(out::add);
            }
            sentenceStart = clauseEnd < nfkc.length() && SENTENCE_ENDS.indexOf(nfkc.charAt(clauseEnd)) >= 0;
            at = clauseEnd + 1;
        }
    }

    /** {@code result[i]}: at how many positions before {@code i} a subject trigger starts. */
    private static int[] triggerStartsBefore(List<int[]> triggers, int length) {
        boolean[] starts = new boolean[length];
        for (int[] trigger : triggers) {
            starts[trigger[0]] = true;
        }
        int[] before = new int[length + 1];
        for (int i = 0; i < length; i++) {
            before[i + 1] = before[i] + (starts[i] ? 1 : 0);
        }
        return before;
    }

    private Optional<Span> openingSubject(String nfkc, int[] triggersBefore, int start, int clauseEnd, int sentenceEnd) {
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (List<String> openers : List.of(MORE_OPENERS, CLAUSE_OPENERS)) { // 至于说 before 至于
                for (String opener : openers) {
                    if (nfkc.startsWith(opener, start) && start + opener.length() < clauseEnd) {
                        start += opener.length();
                        stripped = true;
                    }
                }
            }
        }
        int end = start;
        int length = 0;
        while (end < clauseEnd && isHan(nfkc.codePointAt(end)) && !startsPredicate(nfkc, end, start)) {
            if (++length > MAX_LONG_NAME) {
                return Optional.empty(); // a phrase, not a name: stop scanning
            }
            end += Character.charCount(nfkc.codePointAt(end));
        }
        if (end >= clauseEnd || !startsPredicate(nfkc, end, start)) {
            return Optional.empty(); // the clause is one run, or a Latin word or a sign follows: no predicate seen
        }
        String name = nfkc.substring(start, end);
        // the evaluation is the name's own clause's, or the name is linked to what follows (的, 这, 那)
        boolean ownClause = triggersBefore[clauseEnd] - triggersBefore[end] > 0;
        boolean linked = (STRUCTURAL_LINKS.indexOf(nfkc.charAt(end)) >= 0
                || startsWithAny(nfkc, end, TIME_LINKS))
                && triggersBefore[sentenceEnd] - triggersBefore[end] > 0;
        if (!plausibleSubject(name) || !(ownClause || linked)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, end, name));
    }

    /** Link a subject to a predicate later in its sentence: 逐际动力的demo…, 星海图这家…, 加速进化那边…. */
    private static final String STRUCTURAL_LINKS = "的这那";
    /** Or a time after the name: 非夕科技昨天来访…, 澄光科技上周来路演…. */
    private static final List<String> TIME_LINKS = List.of(
            "昨天", "今天", "前天", "上周", "这周", "本周", "上个月", "最近", "目前", "现在", "刚刚", "刚才");

    private static boolean startsWithAny(String s, int at, List<String> words) {
        for (String word : words) {
            if (s.startsWith(word, at)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a predicate starts at {@code at}, at least two characters after the subject's start. */
    private static boolean startsPredicate(String nfkc, int at, int subjectStart) {
        if (nfkc.codePointCount(subjectStart, at) < MIN_HAN_NAME) {
            return false;
        }
        if (PREDICATE_CHARS.indexOf(nfkc.codePointAt(at)) >= 0) {
            return true;
        }
        return startsWithAny(nfkc, at, PREDICATE_WORDS) || startsWithAny(nfkc, at, LONG_SUBJECT_LINKS);
    }

    private boolean plausibleSubject(String name) {
        int length = name.codePointCount(0, name.length());
        boolean longName = length > MAX_HAN_NAME && length <= MAX_LONG_NAME
                && LONG_NAME_ENDINGS.stream().anyMatch(ending -> name.endsWith(ending)
                && name.length() - ending.length() >= MIN_HAN_NAME);
        return length >= MIN_HAN_NAME && (length <= MAX_HAN_NAME || longName) && !neverASubject(name)
                && !MORE_OPENERS.contains(name) && !segmentsIntoGeneric(stripOrgForm(name))
                && !TIME_WORD.matcher(name).matches() && !PERSON.matcher(name).matches();
    }

    /**
     * What both subject rules refuse (a non-empty name): a pronoun, time word or generic noun, a clause
     * opener, an adverb first, 不 / 没 / 别 or a function character inside, a stop word, a phrase
     * holding an evaluation.
     */
    private boolean neverASubject(String name) {
        return NOT_A_SUBJECT.contains(name) || CLAUSE_OPENERS.contains(name)
                || NOT_A_NAME_START.indexOf(name.codePointAt(0)) >= 0
                || name.codePoints().anyMatch(cp -> NOT_IN_A_NAME.indexOf(cp) >= 0 || BOUNDARY_CHARS.indexOf(cp) >= 0)
                || nonSubjects.contains(name) || segmentsIntoGeneric(name) || containsTrigger(name);
    }

    /** 昨晚, 明早, 后天, 周三, 星期五, 下次, 晚点: times a sentence opens with, by their shape. */
    private static final Pattern TIME_WORD = Pattern.compile(
            "[昨今明前后大][天晚早午夜]|周[一二三四五六日天末]|星期.|礼拜.|[上下这][次回趟]|[晚早]点|[早中午晚]饭");
    /** 老王, 小李, 王总, 张哥: people, not companies. */
    private static final Pattern PERSON = Pattern.compile("[老小].|.{1,2}[总哥姐董]");

    /** At the start of the text or after punctuation, spaces aside. */
    private static boolean opensClause(String nfkc, int at) {
        int i = at;
        while (i > 0 && Character.isWhitespace(nfkc.codePointBefore(i))) {
            i -= Character.charCount(nfkc.codePointBefore(i));
        }
        return i == 0 || !Character.isLetterOrDigit(nfkc.codePointBefore(i));
    }

    /** "看好估值" is no name: a run holding an evaluation word is a phrase; nor is "可以走" (a stop word first). */
    private boolean containsTrigger(String name) {
        String folded = fold(name);
        return hasPrefix(folded, 2, nonSubjects::contains)
                || hasPart(folded, 1, folded.length(), false, word -> subjectTriggerSet.contains(word)
                        || NOT_A_SUBJECT.contains(word));
    }

    private static String stripOrgForm(String candidate) {
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String form : ORG_FORM_WORDS) {
                if (candidate.endsWith(form)) {
                    String rest = candidate.substring(0, candidate.length() - form.length());
                    if (rest.codePointCount(0, rest.length()) >= MIN_HAN_NAME) {
                        candidate = rest;
                        stripped = true;
                    }
                }
            }
        }
        return candidate;
    }

    /**
     * The guards of a sentence's subject ({@link #neverASubject}), but a company's own name may end with a
     * word of {@link #NOT_A_SUBJECT} (麦田数据): {@link #describesAKind} judges those; it may not open with
     * one or hold one before its end (全国能付费, 数据团队, 有技术壁垒).
     */
    private boolean notANameBeforeAspect(String name) {
        String folded = fold(name);
        return NOT_A_SUBJECT.contains(name) || CLAUSE_OPENERS.contains(name) || name.contains("年")
                || TIME_WORD.matcher(name).find()
                || NOT_A_NAME_START.indexOf(name.codePointAt(0)) >= 0
                || name.codePoints().anyMatch(cp -> NOT_IN_A_NAME.indexOf(cp) >= 0 || BOUNDARY_CHARS.indexOf(cp) >= 0)
                || nonSubjects.contains(name) || segmentsIntoGeneric(name)
                || hasPart(folded, 1, folded.length(), false, subjectTriggerSet::contains)
                || hasPrefix(folded, 2, nonSubjects::contains)
                || hasPart(name, 2, name.length() - 1, true, NOT_A_SUBJECT::contains); // 有技术壁垒: a phrase, not a name
    }

    /**
     * Whether a part of {@code s} of at least {@code minLength} characters, ending at or before {@code maxEnd}, is
     * one {@code known} (when {@code endsBefore}, ending before {@code maxEnd + 1}: not at the very end).
     * Names are a few characters, so trying each part is far cheaper than trying each known word.
     */
    private static boolean hasPart(String s, int minLength, int maxEnd, boolean endsBefore,
                                   java.util.function.Predicate<String> known) {
        int lastEnd = endsBefore ? maxEnd : s.length();
        for (int start = 0; start < s.length(); start++) {
            for (int end = start + minLength; end <= lastEnd; end++) {
                if (known.test(s.substring(start, end))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasPrefix(String s, int minLength, java.util.function.Predicate<String> known) {
        for (int end = minLength; end <= s.length(); end++) {
            if (known.test(s.substring(0, end))) {
                return true;
            }
        }
        return false;
    }

    /**
     * 人形机器人, 工业机器人, 测试数据: a generic word (or a noun a PM judges) after a descriptive one names a
     * kind of company or thing; after a word of its own (青穹科技, 钛虎机器人, 麦田数据) it is the company's name.
     */
    private boolean describesAKind(String name) {
        // each proper suffix of two or more characters: a noun a PM judges, or a generic word
        for (int cut = 1; cut <= name.length() - 2; cut++) {
            String word = name.substring(cut);
            String stem = name.substring(0, cut);
            boolean shortStem = stem.codePointCount(0, stem.length()) < MIN_HAN_NAME;
            if (NOT_A_SUBJECT.contains(word) && (shortStem || DESCRIPTIVE_STEMS.contains(stem) || segmentsIntoGeneric(stem))) {
                return true;
            }
            if (genericWords.contains(word) && isHan(word.codePointAt(0))
                    && (shortStem || neverASubject(stem) || DESCRIPTIVE_STEMS.contains(stem))) {
                return true;
            }
        }
        return false;
    }

    /** "按照头部" of 按照头部公司: a word before a generic one describes the company, it does not name it. */
    private boolean endsWithGenericWord(String candidate) {
        for (String word : genericWords) {
            if (word.length() >= 2 && candidate.length() > word.length() && candidate.endsWith(word) && isHan(word.codePointAt(0))) {
                return true;
            }
        }
        return false;
    }

    /** True when s is empty or a concatenation of generic words ("海外早期" = 海外 + 早期). */
    private boolean segmentsIntoGeneric(String s) {
        boolean[] reachable = new boolean[s.length() + 1];
        reachable[0] = true;
        for (int i = 0; i < s.length(); i++) {
            if (!reachable[i]) {
                continue;
            }
            // the parts starting here, at most as long as the longest generic word (not every generic word)
            for (int end = i + 1; end <= Math.min(s.length(), i + longestGenericWord); end++) {
                if (genericWords.contains(s.substring(i, end))) {
                    reachable[end] = true;
                }
            }
        }
        return reachable[s.length()];
    }

    /**
     * Keeping only the last characters may cut a generic word in half ("国内大模型" → "内大模型").
     * True when a generic word straddles the cut and everything after it is generic too.
     */
    private boolean segmentsAfterCutGenericWord(String candidate, int cut) {
        for (String word : genericWords) {
            for (int before = 1; before < word.length(); before++) {
                int from = cut - before;
                if (from >= 0 && candidate.startsWith(word, from)
                        && segmentsIntoGeneric(candidate.substring(from + word.length()))) {
                    return true;
                }
            }
        }
        return false;
    }

    // --- helpers --------------------------------------------------------------------------------

    /** Length-preserving lower case, so match offsets in the folded text are offsets in the original. */
    private static String fold(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = Character.toLowerCase(chars[i]);
        }
        return new String(chars);
    }

    private static boolean isLatinOrDigit(char c) {
        return Character.isDigit(c) || (Character.isLetter(c) && Character.UnicodeScript.of(c) == Character.UnicodeScript.LATIN);
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    private record DictionaryName(String display, String key) {
    }

    /** A name found at [start, end) of the NFKC text. */
    private record Span(int start, int end, String name) {
        boolean overlaps(Span other) {
            return start < other.end && other.start < end;
        }
    }
}
