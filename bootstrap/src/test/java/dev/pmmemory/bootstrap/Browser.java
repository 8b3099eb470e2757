package dev.pmmemory.bootstrap;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium for the console's end-to-end tests: the Debian packages chromium and
 * chromium-driver, driven by Selenium. The system's chromedriver is given explicitly, so Selenium
 * Manager never downloads a browser or a driver. Without them the tests are skipped, saying why,
 * unless PM_MEMORY_REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("PM_MEMORY_CHROMIUM", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getenv().getOrDefault("PM_MEMORY_CHROMEDRIVER",
            "/usr/bin/chromedriver"));
    static final Path TARGET = Path.of("target");

    final WebDriver driver;
    final WebDriverWait wait;
    private final Path profileDir;
    private int phoneWidth;

    private Browser(WebDriver driver, Path profileDir) {
        this.driver = driver;
        this.wait = new WebDriverWait(driver, Duration.ofSeconds(15));
        this.profileDir = profileDir;
    }

    /** Starts Chromium at 1280 px wide, or skips (fails under PM_MEMORY_REQUIRE_BROWSER=1) when it is absent. */
    static Browser start() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String why = "no headless browser: " + CHROMIUM + " and " + CHROMEDRIVER + " are needed (Debian: apt-get "
                + "install chromium chromium-driver fonts-noto-cjk)";
        if (!present && "1".equals(System.getenv("PM_MEMORY_REQUIRE_BROWSER"))) {
            fail(why + "; PM_MEMORY_REQUIRE_BROWSER=1 makes this a failure");
        }
        if (!present) {
            // in the build's output, not only in the reports
            System.err.println("[console browser tests] " + why + "; skipped");
        }
        assumeTrue(present, why + "; skipped");
        try {
            Path profileDir = Files.createTempDirectory("pm-memory-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--window-size=1280,900", "--lang=en-US",
                    "--user-data-dir=" + profileDir.toAbsolutePath());
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .build();
            return new Browser(new ChromeDriver(service, options), profileDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    void size(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** Phone width: headless Chromium keeps windows at least 500 px wide, so the viewport is emulated instead. */
    void phone(boolean on) {
        phoneWidth = on ? 390 : 0;
        if (on) {
            emulate(phoneWidth, 844);
        } else {
            ((ChromeDriver) driver).executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    private void emulate(int width, int height) {
        ((ChromeDriver) driver).executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", true));
    }

    /** The elements sticking out of the viewport on the right, if any: what makes a page scroll sideways. */
    @SuppressWarnings("unchecked")
    List<String> overflowing() {
        return (List<String>) js("""
                const w = document.documentElement.clientWidth;
                const out = [];
                if (document.documentElement.scrollWidth > w) {
                  out.push('scrollWidth ' + document.documentElement.scrollWidth + ' > ' + w);
                }
                for (const el of document.querySelectorAll('body *')) {
                  const r = el.getBoundingClientRect();
                  if (r.width > 0 && r.right > w + 0.5 && !el.closest('.table-wrap')) {
                    out.push(el.tagName + '.' + el.className + ' right=' + Math.round(r.right));
                  }
                }
                return out;""");
    }

    /** A screenshot of the whole page: the window is made as tall as the page first (Chromium shoots the viewport). */
    Path screenshot(String name) {
        try {
            Dimension before = driver.manage().window().getSize();
            long height = ((Number) js("return Math.max(document.documentElement.scrollHeight, 600)")).longValue();
            int tall = (int) Math.min(height + 150, 8000);
            if (phoneWidth > 0) {
                emulate(phoneWidth, tall);
            } else {
                size(before.getWidth(), tall);
            }
            byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
            if (phoneWidth > 0) {
                emulate(phoneWidth, 844);
            } else {
                size(before.getWidth(), before.getHeight());
            }
            Files.createDirectories(TARGET);
            Path file = TARGET.resolve(name + ".png");
            Files.write(file, png);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a step; on any failure saves target/console-failure-{name}.png (and the page's text) and rethrows. */
    void step(String name, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | AssertionError e) {
            try {
                Path shot = screenshot("console-failure-" + name);
                Files.writeString(TARGET.resolve("console-failure-" + name + ".txt"),
                        driver.getCurrentUrl() + "\n\n" + js("return document.body.innerText"));
                e.addSuppressed(new AssertionError("screenshot: " + shot.toAbsolutePath()));
            } catch (RuntimeException | IOException shotFailed) {
                e.addSuppressed(shotFailed);
            }
            throw e;
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profileDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }
}
